import { subjectCalls } from '../contracts/subjects';
import { decideRegistration } from '../domain/subjects/registration';
import {
  currentUser,
  deleteSubject,
  listSubjects,
  saveSubject,
  setSubjectGroups,
  setSubjectItems,
  subjectForEdit,
  updateProfile,
} from '../domain/subjects/manage';
import { clientOf, publicOrigin } from '../http/request';
import { createRouter, mount } from '../http/route';

export const subjectRoutes = createRouter();

mount(subjectRoutes, subjectCalls.list, ({ ctx, query }) => listSubjects(ctx, query));
mount(subjectRoutes, subjectCalls.current, ({ ctx }) => currentUser(ctx));
mount(subjectRoutes, subjectCalls.detail, ({ ctx, query }) => subjectForEdit(ctx, query));
mount(subjectRoutes, subjectCalls.save, ({ c, ctx, body }) => saveSubject(ctx, { input: body, sessionId: c.var.auth!.session.id }));
mount(subjectRoutes, subjectCalls.delete, async ({ ctx, query }) => {
  await deleteSubject(ctx, query);
  return null;
});
mount(subjectRoutes, subjectCalls.setItems, ({ ctx, query, body }) => setSubjectItems(ctx, { id: query.id, items: body }));
mount(subjectRoutes, subjectCalls.setGroups, ({ ctx, query, body }) => setSubjectGroups(ctx, { id: query.id, groups: body }));
mount(subjectRoutes, subjectCalls.profile, ({ c, ctx, body }) =>
  updateProfile(ctx, { input: body, sessionId: c.var.auth!.session.id, client: clientOf(c) }),
);
mount(subjectRoutes, subjectCalls.approve, ({ c, ctx, query }) =>
  decideRegistration(ctx, { id: query.id, decision: 'active', origin: publicOrigin(c) }),
);
mount(subjectRoutes, subjectCalls.reject, ({ c, ctx, query }) =>
  decideRegistration(ctx, { id: query.id, decision: 'rejected', origin: publicOrigin(c) }),
);
