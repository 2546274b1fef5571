import { createServerFn } from '@tanstack/react-start';
import { SubjectEditQuery, SubjectListQuery } from '../../worker/contracts/subjects';
import { currentUser } from '../../worker/domain/subjects/current';
import { listSubjects, subjectForEdit } from '../../worker/domain/subjects/manage';
import { adminOnly, signedIn } from './middleware';

export const fetchCurrentUser = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(({ context: { db, subject } }) => currentUser(db, subject));

export const fetchSubjects = createServerFn({ method: 'GET' })
  .middleware([adminOnly])
  .validator(SubjectListQuery)
  .handler(({ context: { db }, data }) => listSubjects(db, data.status));

export const fetchSubjectEdit = createServerFn({ method: 'GET' })
  .middleware([adminOnly])
  .validator(SubjectEditQuery)
  .handler(({ context: { db }, data }) => subjectForEdit(db, data.id));
