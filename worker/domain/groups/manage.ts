import type { z } from 'zod';
import type { GroupEdit, Groups } from '../../contracts/groups';
import type { Ctx } from '../../context';
import { deleteGroupRow, findGroup, groupItemIds, groupMemberIds, insertGroup, renameGroup, selectGroupRows, selectItemNames } from '../../db/groups';
import { notFound } from '../errors';
import { refreshLiveAccess } from '../live-access';
import { replaceLinks } from '../links';
import { linkSides } from '../link-sides';

export const listGroups = ({ db }: Ctx) => selectGroupRows(db);

async function getGroup({ db }: Ctx, id: number) {
  const row = await findGroup(db, id);
  if (!row) throw notFound('Group');
  return row;
}

/** The group form's data: the group (none for a new one), its items and every item it could hold. */
export async function groupForEdit(ctx: Ctx, { id }: { id?: number }): Promise<GroupEdit> {
  const group = id === undefined ? null : await getGroup(ctx, id);
  const [linked, allItems] = await Promise.all([id === undefined ? [] : groupItemIds(ctx.db, id), selectItemNames(ctx.db)]);
  return { group, items: linked, allItems };
}

/** Creates (no id) or renames a group. */
export async function saveGroup(ctx: Ctx, input: z.output<typeof Groups>) {
  if (input.id === undefined) return insertGroup(ctx.db, input.name);
  await getGroup(ctx, input.id);
  return renameGroup(ctx.db, input.id, input.name);
}

/** Deletes a group; its members' open pages stop receiving the stations it gave them. */
export async function deleteGroup(ctx: Ctx, { id }: { id: number }) {
  await getGroup(ctx, id);
  const members = await groupMemberIds(ctx.db, id);
  await deleteGroupRow(ctx.db, id);
  await refreshLiveAccess(ctx, members);
}

/** Replaces the items of a group; its members' open pages follow. */
export async function setGroupItems(ctx: Ctx, { id, itemIds }: { id: number; itemIds: number[] }) {
  await getGroup(ctx, id);
  const linked = await replaceLinks(ctx.db, linkSides.groupItems, id, itemIds);
  await refreshLiveAccess(ctx, await groupMemberIds(ctx.db, id));
  return linked;
}
