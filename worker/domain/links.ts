import type { Ctx } from '../context';
import { allOf, type LinkTabs } from '../contracts/subjects';
import { linkedIds, linkTargets, missingIds, replaceLinkRows, type LinkSide, type LinkTarget } from '../db/links';
import { invalid } from './errors';

/** Refuses ids of `target` that do not exist, naming them under `field`; returns the ids once each. */
export async function assertIdsExist({ db }: Pick<Ctx, 'db'>, { target, ids, field }: { target: LinkTarget; ids: number[]; field: string }) {
  const unique = [...new Set(ids)];
  const missing = await missingIds(db, target, unique);
  if (missing.length) throw invalid({ [field]: [`Unknown ids: ${missing.join(', ')}.`] });
  return unique;
}

/** Replaces all links of one owner at once; unknown ids are refused under `field` and nothing changes. */
export async function replaceLinks(ctx: Pick<Ctx, 'db'>, { side, ownerId, ids, field }: { side: LinkSide; ownerId: number; ids: number[]; field: string }) {
  const unique = await assertIdsExist(ctx, { target: side.target, ids, field });
  await replaceLinkRows(ctx.db, side, ownerId, unique);
  return unique;
}

/** An edit screen's link tabs: what the record links to on each (nothing for a new record) and every record each offers. */
export async function linkTabs<K extends string>({ db }: Pick<Ctx, 'db'>, id: number | undefined, tabs: Record<K, LinkSide>): Promise<LinkTabs<K>> {
  const entries = await Promise.all(
    Object.entries<LinkSide>(tabs).map(async ([tab, side]) => [
      [tab, id === undefined ? [] : await linkedIds(db, side, id)],
      [allOf(tab), await linkTargets[side.target].names(db)],
    ]),
  );
  return Object.fromEntries(entries.flat()) as LinkTabs<K>;
}
