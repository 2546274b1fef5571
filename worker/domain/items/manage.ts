import type { z } from 'zod';
import type { Ctx, SubjectCtx } from '../../context';
import type { ItemEdit, Items } from '../../contracts/items';
import type { LinkInput } from '../../contracts/subjects';
import { linkSides, subjectsLinkedToItem, type LinkSide } from '../../db/links';
import { replaceStationToken } from '../../db/station-tokens';
import {
  findItem,
  insertItem,
  selectAllItemRows,
  selectOwnItemRows,
  selectVisibleItemRows,
  toItemRow,
  updateItem,
} from '../../db/stations';
import { recordRollupFailure } from '../../db/daily-stats';
import { stationOf } from '../../station/directory';
import { generateToken, hashToken } from '../auth/tokens';
import { forgetImporterStation } from '../telemetry/ingest';
import { forgetStationTokens } from '../telemetry/tokens';
import { conflict, notFound } from '../errors';
import { linkTabs, replaceLinks } from '../links';
import { refreshLiveAccess } from '../live-access';

async function getItem({ db }: Pick<Ctx, 'db'>, id: number) {
  const row = await findItem(db, { id });
  if (!row) throw notFound('Item');
  return row;
}

export const listAllItems = ({ db }: Pick<Ctx, 'db'>) => selectAllItemRows(db);

/** The items linked to a subject directly or through its groups. */
export const listOwnItems = ({ db, subject }: SubjectCtx) => selectOwnItemRows(db, subject.id);

/** The items a subject may see (its own, or all for an administrator), by name: e.g. the alarm screen's station filter. */
export const listVisibleItems = ({ db, subject }: Pick<SubjectCtx, 'db' | 'subject'>) => selectVisibleItemRows(db, subject);

/** The item form's data: the item (none for a new one), its groups and subjects, and all it could link to. */
export async function itemForEdit(ctx: Ctx, { id }: { id?: number }): Promise<ItemEdit> {
  const item = id === undefined ? null : toItemRow(await getItem(ctx, id));
  return { item, ...(await linkTabs(ctx, id, { groups: linkSides.itemGroups, subjects: linkSides.itemSubjects })) };
}

/** Creates (no id) or updates a station. */
export async function saveItem(ctx: Ctx, input: z.output<typeof Items>) {
  const clash = await findItem(ctx.db, { uniqueId: input.unique_id });
  if (clash && clash.id !== input.id) throw conflict('unique_id', 'Another item already has this unique id.');
  if (input.id === undefined) return insertItem(ctx.db, input);
  const id = input.id;
  const before = await getItem(ctx, id);
  const saved = await updateItem(ctx.db, { id, input });
  forgetStationTokens(id);
  forgetImporterStation(before.uniqueId);
  // A new zone moves the station's day boundaries, a new source its rows' slots: its object reckons every day anew.
  if (before.timezone !== input.timezone || before.nameForApi !== input.name_for_api) {
    const ref = { id, timezone: input.timezone, source: input.name_for_api };
    await stationOf(ctx.env, id)
      .rollup()
      .rezone(ref)
      // The cron's retry tells it from D1 instead.
      .catch((err) =>
        recordRollupFailure(ctx.db, { itemId: id, error: `station edit not told to its object: ${String(err)}`, now: Date.now() }),
      );
  }
  return saved;
}

/** Replaces the links of one side of an item; subjects who could see it keep only what they still may on open pages. */
async function relinkItem(ctx: Ctx, link: { side: LinkSide; id: number; links: (number | LinkInput)[]; field: string }) {
  await getItem(ctx, link.id);
  const before = await subjectsLinkedToItem(ctx.db, link.id);
  const linked = await replaceLinks(ctx, { ...link, ownerId: link.id });
  await refreshLiveAccess(ctx, before);
  return linked;
}

/** Replaces the groups an item belongs to. */
export const setItemGroups = (ctx: Ctx, { id, groupIds }: { id: number; groupIds: number[] }) =>
  relinkItem(ctx, { side: linkSides.itemGroups, id, links: groupIds, field: 'ItemGroups' });

/** Replaces the subjects an item is linked to directly, and the quality control right of each where it says. */
export const setItemSubjects = (ctx: Ctx, { id, subjects }: { id: number; subjects: (number | LinkInput)[] }) =>
  relinkItem(ctx, { side: linkSides.itemSubjects, id, links: subjects, field: 'ItemSubjects' });

/** Issues a station's ingest token, revoking the one before; the token is shown once and stored hashed. */
export async function issueStationToken(ctx: Ctx, { id }: { id: number }) {
  await getItem(ctx, id);
  const token = generateToken();
  await replaceStationToken(ctx.db, { id: hashToken(token), itemId: id, now: new Date() });
  forgetStationTokens(id);
  return { token, item_id: id };
}
