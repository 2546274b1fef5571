import { createServerFn } from '@tanstack/react-start';
import { SubjectEditQuery, SubjectListQuery } from '../../worker/contracts/subjects';
import { currentUser, listSubjects, subjectForEdit } from '../../worker/domain/subjects/manage';
import { adminOnly, signedIn } from './middleware';

export const fetchCurrentUser = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(({ context }) => currentUser(context.ctx));

export const fetchSubjects = createServerFn({ method: 'GET' })
  .middleware([adminOnly])
  .validator(SubjectListQuery)
  .handler(({ context, data }) => listSubjects(context.ctx, data));

export const fetchSubjectEdit = createServerFn({ method: 'GET' })
  .middleware([adminOnly])
  .validator(SubjectEditQuery)
  .handler(({ context, data }) => subjectForEdit(context.ctx, data));
