import { queryOptions } from '@tanstack/react-query';
import type { CurrentUser, SubjectEdit, SubjectRow } from '../../../worker/contracts/subjects';
import { api } from '~/lib/api';

export const currentUserQuery = queryOptions({
  queryKey: ['subjects', 'current'],
  queryFn: () => api<CurrentUser>('/subjects/user'),
});

/** Registrations waiting for an administrator: the count badge on the Subjects link and the list atop /subjects. */
export const pendingSubjectsQuery = queryOptions({
  queryKey: ['subjects', 'list', { status: 'pending' }],
  queryFn: () => api<SubjectRow[]>('/subjects?status=pending'),
});

export const subjectQueries = {
  list: () => queryOptions({ queryKey: ['subjects', 'list', 'all'], queryFn: () => api<SubjectRow[]>('/subjects') }),
  detail: (id?: number) =>
    queryOptions({ queryKey: ['subjects', 'detail', id ?? 'new'], queryFn: () => api<SubjectEdit>(id ? `/subjects/edit?id=${id}` : '/subjects/edit') }),
};
