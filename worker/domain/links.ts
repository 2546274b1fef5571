import type { Ctx } from '../context';
import { allOf, type LinkTabs } from '../contracts/subjects';
import {
  linkedIds,
  linkTargets,
  missingIds,
  qualityLinkedIds,
  replaceLinkRows,
  type LinkRow,
  type LinkSide,
  type LinkTarget,
} from '../db/links';
import { invalid } from './errors';

/** Refuses ids of `target` that do not exist, naming them under `field`; returns the ids once each. */
export async function assertIdsExist(
  { db }: Pick<Ctx, 'db'>,
  { target, ids, field }: { target: LinkTarget; ids: number[]; field: string },
) {
  const unique = [...new Set(ids)];
  const missing = await missingIds(db, target, unique);
  if (missing.length) throw invalid({ [field]: [`Unknown ids: ${missing.join(', ')}.`] });
  return unique;
}

/**
 * Replaces all links of one owner at once (ids, or links saying their quality control right); unknown ids are refused
 * under `field` and nothing changes. An id sent twice is linked once, as its last mention says.
 */
export async function replaceLinks(
  ctx: Pick<Ctx, 'db'>,
  { side, ownerId, links, field }: { side: LinkSide; ownerId: number; links: (number | LinkRow)[]; field: string },
) {
  const byId = new Map(links.map((l): [number, LinkRow] => (typeof l === 'number' ? [l, { id: l }] : [l.id, l])));
  const unique = await assertIdsExist(ctx, { target: side.target, ids: [...byId.keys()], field });
  await replaceLinkRows(ctx.db, side, ownerId, [...byId.values()]);
  return unique;
}

/**
 * An edit screen's link tabs: what the record links to on each (nothing for a new record), every record each tab
 * offers, and on tabs whose links carry the quality control right, the ids linked with it.
 */
export async function linkTabs<K extends string>(
  { db }: Pick<Ctx, 'db'>,
  id: number | undefined,
  tabs: Record<K, LinkSide>,
): Promise<LinkTabs<K>> {
  const sides = Object.entries<LinkSide>(tabs);
  const entries = await Promise.all(
    sides.map(async ([tab, side]) => [
      [tab, id === undefined ? [] : await linkedIds(db, side, id)],
      [allOf(tab), await linkTargets[side.target].names(db)],
    ]),
  );
  const quality = await Promise.all(
    sides
      .filter(([, side]) => side.quality)
      .map(async ([tab, side]) => [tab, id === undefined ? [] : await qualityLinkedIds(db, side, id)]),
  );
  return { ...Object.fromEntries(entries.flat()), ...(quality.length ? { quality: Object.fromEntries(quality) } : {}) } as LinkTabs<K>;
}
