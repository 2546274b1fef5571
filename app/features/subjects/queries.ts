import { queryOptions } from '@tanstack/react-query';
import { fetchCurrentUser, fetchSubjectEdit, fetchSubjects } from '~/server/subjects';

export const currentUserQuery = queryOptions({ queryKey: ['subjects', 'current'], queryFn: () => fetchCurrentUser() });

export const subjectQueries = {
  list: () => queryOptions({ queryKey: ['subjects', 'list', 'all'], queryFn: () => fetchSubjects({ data: {} }) }),
  /** Registrations waiting for an administrator: the count badge on the Subjects link and the list atop /subjects. */
  pending: () =>
    queryOptions({ queryKey: ['subjects', 'list', { status: 'pending' }], queryFn: () => fetchSubjects({ data: { status: 'pending' } }) }),
  /** Without an id: the options a new subject can be linked to. */
  detail: (id?: number) =>
    queryOptions({ queryKey: ['subjects', 'detail', id ?? 'new'], queryFn: () => fetchSubjectEdit({ data: { id } }) }),
};
