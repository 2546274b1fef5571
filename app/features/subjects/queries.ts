import { queryOptions } from '@tanstack/react-query';
import type { CurrentUser, SubjectRow } from '../../../worker/contracts/subjects';
import { api } from '~/lib/api';

export const currentUserQuery = queryOptions({
  queryKey: ['subjects', 'current'],
  queryFn: () => api<CurrentUser>('/subjects/user'),
});

/** Registrations waiting for an administrator: the count badge on the Subjects link. */
export const pendingSubjectsQuery = queryOptions({
  queryKey: ['subjects', 'list', { status: 'pending' }],
  queryFn: () => api<SubjectRow[]>('/subjects?status=pending'),
});
