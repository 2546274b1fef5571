import type { z } from 'zod';
import type { GroupEdit, Groups } from '../../contracts/groups';
import type { Ctx } from '../../context';
import { deleteGroupRow, findGroup, insertGroup, renameGroup, selectGroupRows } from '../../db/groups';
import { linkedIds, linkSides } from '../../db/links';
import { notFound } from '../errors';
import { linkTabs, replaceLinks } from '../links';
import { refreshLiveAccess } from '../live-access';

export const listGroups = ({ db }: Ctx) => selectGroupRows(db);

async function getGroup({ db }: Ctx, id: number) {
  const row = await findGroup(db, id);
  if (!row) throw notFound('Group');
  return row;
}

const members = ({ db }: Ctx, id: number) => linkedIds(db, linkSides.groupMembers, id);

/** The group form's data: the group (none for a new one), its items and every item it could hold. */
export async function groupForEdit(ctx: Ctx, { id }: { id?: number }): Promise<GroupEdit> {
  const group = id === undefined ? null : await getGroup(ctx, id);
  return { group, ...(await linkTabs(ctx, id, { items: linkSides.groupItems })) };
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
  const before = await members(ctx, id);
  await deleteGroupRow(ctx.db, id);
  await refreshLiveAccess(ctx, before);
}

/** Replaces the items of a group; its members' open pages follow. */
export async function setGroupItems(ctx: Ctx, { id, itemIds }: { id: number; itemIds: number[] }) {
  await getGroup(ctx, id);
  const linked = await replaceLinks(ctx, { side: linkSides.groupItems, ownerId: id, links: itemIds, field: 'GroupItems' });
  await refreshLiveAccess(ctx, await members(ctx, id));
  return linked;
}
