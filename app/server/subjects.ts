import { SubjectEditQuery, SubjectListQuery } from '../../worker/contracts/subjects';
import { currentUser, listSubjects, subjectForEdit } from '../../worker/domain/subjects/manage';
import { adminRead, signedInRead } from './middleware';

export const fetchCurrentUser = signedInRead.handler(({ context }) => currentUser(context.ctx));

export const fetchSubjects = adminRead.validator(SubjectListQuery).handler(({ context, data }) => listSubjects(context.ctx, data));

export const fetchSubjectEdit = adminRead.validator(SubjectEditQuery).handler(({ context, data }) => subjectForEdit(context.ctx, data));
