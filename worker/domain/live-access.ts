import type { Ctx } from '../context';
import { subjectsByIds } from '../db/accounts';
import { visibleStations } from './items/visibility';
import { watcherOf } from '../live/directory';
import { selectOwnedLinkHashes } from '../db/share-links';
import { shareLinkOf } from '../share/directory';
import type { EndedSessions } from '../live/watcher';

/** A subject's sessions ended (`only` these, or all `except` one, or all): their open pages' sockets close at once. */
export const endLiveSessions = ({ env }: Pick<Ctx, 'env'>, { subjectId, ...ended }: EndedSessions & { subjectId: number }) =>
  watcherOf(env, subjectId).endSessions(ended);

/**
 * Links, groups or roles changed: each subject's open pages keep receiving only the stations it may still see, and
 * its share links show only those from now on.
 */
export async function refreshLiveAccess(ctx: Pick<Ctx, 'db' | 'env'>, subjectIds: number[]) {
  const [rows, shared] = await Promise.all([subjectsByIds(ctx.db, subjectIds), selectOwnedLinkHashes(ctx.db, subjectIds)]);
  await Promise.all([
    ...rows.map(async (subject) => watcherOf(ctx.env, subject.id).restrict(await visibleStations({ ...ctx, subject }))),
    ...shared.map((secretHash) => shareLinkOf(ctx.env, secretHash).refresh(secretHash)),
  ]);
}
