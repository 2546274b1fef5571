import { subjectCalls } from '../contracts/subjects';
import { currentUser } from '../domain/subjects/current';
import { decideRegistration } from '../domain/subjects/registration';
import {
  deleteSubject,
  listSubjects,
  saveSubject,
  setSubjectGroups,
  setSubjectItems,
  subjectForEdit,
  updateProfile,
} from '../domain/subjects/manage';
import { toSessionUser, toSubjectRow } from '../domain/subjects/records';
import { clientOf, publicOrigin } from '../http/request';
import { createRouter, mount } from '../http/route';

export const subjectRoutes = createRouter();

mount(subjectRoutes, subjectCalls.list, ({ ctx, query }) => listSubjects(ctx.db, query.status));
mount(subjectRoutes, subjectCalls.current, ({ ctx }) => currentUser(ctx.db, ctx.subject));
mount(subjectRoutes, subjectCalls.detail, ({ ctx, query }) => subjectForEdit(ctx.db, query.id));
mount(subjectRoutes, subjectCalls.save, ({ c, ctx, body }) => saveSubject(ctx.db, ctx.env, ctx.subject, c.var.auth!.session.id, body));
mount(subjectRoutes, subjectCalls.delete, async ({ ctx, query }) => {
  await deleteSubject(ctx.db, ctx.env, query.id);
  return null;
});
mount(subjectRoutes, subjectCalls.setItems, ({ ctx, query, body }) => setSubjectItems(ctx.db, ctx.env, query.id, body));
mount(subjectRoutes, subjectCalls.setGroups, ({ ctx, query, body }) => setSubjectGroups(ctx.db, ctx.env, query.id, body));
mount(subjectRoutes, subjectCalls.profile, async ({ c, ctx, body }) => toSessionUser(await updateProfile(ctx.db, ctx.env, ctx.subject, c.var.auth!.session.id, body, clientOf(c))));
mount(subjectRoutes, subjectCalls.approve, async ({ c, ctx, query }) =>
  toSubjectRow(await decideRegistration(ctx.db, ctx.config, ctx.subject, query.id, 'active', publicOrigin(c))));
mount(subjectRoutes, subjectCalls.reject, async ({ c, ctx, query }) =>
  toSubjectRow(await decideRegistration(ctx.db, ctx.config, ctx.subject, query.id, 'rejected', publicOrigin(c))));
