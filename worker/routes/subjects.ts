import { z } from 'zod';
import { SessionUser } from '../contracts/site';
import {
  CurrentUser,
  ItemsSubject,
  Profile,
  SubjectEdit,
  SubjectEditQuery,
  SubjectGroups,
  SubjectListQuery,
  SubjectRow,
  Users,
} from '../contracts/subjects';
import { idList, idQuery } from '../contracts/validation';
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
import { createRouter, defineRoute } from '../http/route';

export const subjectRoutes = createRouter();

defineRoute(
  subjectRoutes,
  { method: 'get', path: '/', access: 'admin', summary: 'List subjects, newest first', query: SubjectListQuery, data: z.array(SubjectRow) },
  ({ c, query }) => listSubjects(c.var.db, query.status),
);

defineRoute(
  subjectRoutes,
  { method: 'get', path: '/user', access: 'user', summary: 'The signed-in subject and the number of stations on its dashboard', data: CurrentUser },
  ({ c, actor }) => currentUser(c.var.db, actor),
);

defineRoute(
  subjectRoutes,
  {
    method: 'get',
    path: '/edit',
    access: 'admin',
    summary: 'A subject with its links and everything it could be linked to (no id: data for a new subject)',
    query: SubjectEditQuery,
    data: SubjectEdit,
  },
  ({ c, query }) => subjectForEdit(c.var.db, query.id),
);

defineRoute(
  subjectRoutes,
  {
    method: 'post',
    path: '/edit',
    access: 'admin',
    summary: 'Create (no id) or update a subject',
    body: { model: 'Users', schema: Users },
    data: SubjectRow,
  },
  ({ c, body, actor }) => saveSubject(c.var.db, c.env, actor, c.var.auth!.session.id, body),
);

defineRoute(
  subjectRoutes,
  {
    method: ['get', 'post'],
    path: '/delete',
    access: 'admin',
    summary: 'Delete a subject (never the last administrator)',
    query: idQuery,
    data: z.null(),
    writes: true,
  },
  async ({ c, query }) => {
    await deleteSubject(c.var.db, c.env, query.id);
    return null;
  },
);

defineRoute(
  subjectRoutes,
  {
    method: 'post',
    path: '/items',
    access: 'admin',
    summary: "Replace a subject's directly linked items",
    query: idQuery,
    body: { model: 'ItemsSubject', schema: ItemsSubject },
    data: idList(),
  },
  ({ c, query, body }) => setSubjectItems(c.var.db, c.env, query.id, body),
);

defineRoute(
  subjectRoutes,
  {
    method: 'post',
    path: '/groups',
    access: 'admin',
    summary: "Replace a subject's groups",
    query: idQuery,
    body: { model: 'SubjectGroups', schema: SubjectGroups },
    data: idList(),
  },
  ({ c, query, body }) => setSubjectGroups(c.var.db, c.env, query.id, body),
);

defineRoute(
  subjectRoutes,
  {
    method: 'post',
    path: '/profile',
    access: 'user',
    summary: "Edit the signed-in subject's own profile (cannot change the administrator role)",
    body: { model: 'Users', schema: Profile },
    data: SessionUser,
  },
  async ({ c, body, actor }) => toSessionUser(await updateProfile(c.var.db, c.env, actor, c.var.auth!.session.id, body, clientOf(c))),
);

defineRoute(
  subjectRoutes,
  { method: 'post', path: '/approve', access: 'admin', summary: 'Approve a pending registration and e-mail the applicant', query: idQuery, data: SubjectRow },
  async ({ c, query, actor }) =>
    toSubjectRow(await decideRegistration(c.var.db, c.var.config, actor, query.id, 'active', publicOrigin(c))),
);

defineRoute(
  subjectRoutes,
  { method: 'post', path: '/reject', access: 'admin', summary: 'Reject a pending registration and e-mail the applicant', query: idQuery, data: SubjectRow },
  async ({ c, query, actor }) =>
    toSubjectRow(await decideRegistration(c.var.db, c.var.config, actor, query.id, 'rejected', publicOrigin(c))),
);
