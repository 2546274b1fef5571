import type { SubjectCtx } from '../../context';
import { findStationFor, selectVisibleStations, type StationKey } from '../../db/stations';
import { forbidden, notFound } from '../errors';

/** Most stations a page may name when it watches a list rather than all it may see. */
export const maxListedStations = 500;

/** Of the asked stations (by unique_id), those the subject may read; all it may read when none are named. */
export async function visibleStations({ db, subject }: Pick<SubjectCtx, 'db' | 'subject'>, uniqueIds?: string[]) {
  if (uniqueIds && !uniqueIds.length) return [];
  return selectVisibleStations(db, subject, uniqueIds, maxListedStations);
}

/**
 * The one station `key` names, if the subject may see it: one query answers both "exists" (else 404) and
 * "visible" (else 403), each error under `field`.
 */
export async function visibleItem({ db, subject }: Pick<SubjectCtx, 'db' | 'subject'>, key: StationKey, field: string) {
  const row = await findStationFor(db, subject, key);
  if (!row) throw notFound('Station', field);
  if (!row.visible) throw forbidden('You may not see this station.', field);
  return row.item;
}
