import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';

/** The `$id` of an edit screen's address: a whole number, else 0, which names no record. */
export const recordIdParams = {
  parse: ({ id }: { id: string }) => ({ id: /^\d+$/.test(id) ? Number(id) : 0 }),
  stringify: ({ id }: { id: number }) => ({ id: String(id) }),
};

/** Loads an edit screen's data (without an id, what a new record can link to); a malformed id is no record at all. */
export async function loadRecord<T, K extends QueryKey>(
  queryClient: QueryClient,
  detail: (id?: number) => EnsureQueryDataOptions<T, Error, T, K>,
  id?: number,
) {
  if (id === 0) throw notFound();
  await queryClient.ensureQueryData(detail(id));
}
