import type { LevelEvent, LevelStanding, StationWarning, WarningScale, WarningScaleInput } from '../../contracts/warning';
import type { Ctx } from '../../context';
import type { SubjectCtx } from '../../context';
import {
  findScale,
  markScalesPushed,
  removeScale,
  selectLevelEvents,
  selectScales,
  selectScalesOf,
  selectStationScales,
  selectUnpushedScaleStations,
  toWarningScale,
  writeScale,
} from '../../db/warning';
import { selectWindows, toWindow } from '../../db/maintenance';
import { toItemRow } from '../../db/stations';
import { isReadingOf, readingsOf } from '../../../shared/readings';
import { stationOf } from '../../station/directory';
import type { ScaleSpec } from '../../station/levels';
import { invalid, notFound } from '../errors';
import { visibleItem } from '../items/visibility';
import { pushToStation, type StationPush } from '../station-push';

/** A station the subject may see, refusing a reading its source does not report. */
async function stationWithReading(ctx: SubjectCtx, itemId: number, reading: string, field = 'reading') {
  const item = await visibleItem(ctx, { id: itemId }, 'id');
  if (!isReadingOf(item.nameForApi, reading)) throw invalid({ [field]: [`${reading} is not a reading of ${item.nameForApi} stations.`] });
  return item;
}

/** Refuses levels out of order: each threshold past the one before in the scale's direction. */
function checkOrder(scale: WarningScaleInput) {
  const sign = scale.direction === 'rising' ? 1 : -1;
  const word = scale.direction === 'rising' ? 'above' : 'below';
  const errors = scale.levels.flatMap((level, i) =>
    i > 0 && sign * (level.threshold - scale.levels[i - 1].threshold) <= 0
      ? [`Level ${i + 1}'s threshold must be ${word} level ${i}'s (${scale.levels[i - 1].threshold}).`]
      : [],
  );
  if (errors.length) throw invalid({ levels: errors });
}

/** A station's warning levels as its object holds them: the scales (removed ones left out) with the highest revision. */
export const warningLevelsPush: StationPush = {
  label: 'warning levels',
  async send({ db, env }, itemId) {
    const rows = await selectStationScales(db, itemId);
    if (!rows.length) return null;
    const revision = Math.max(...rows.map((r) => r.rev));
    const specs: ScaleSpec[] = rows
      .filter((r) => r.deletedAt === null)
      .map((r) => ({
        reading: r.reading,
        direction: r.direction,
        levels: r.levels.map(({ threshold, deadband }) => ({ threshold, deadband })),
      }));
    await stationOf(env, itemId).warning().setLevels({ id: itemId }, revision, specs);
    return revision;
  },
  markPushed: markScalesPushed,
  unpushed: selectUnpushedScaleStations,
};

/** Scales with the current level, of one station the subject may see or of all it may see. */
export async function listScales(ctx: SubjectCtx, { itemId }: { itemId?: number }): Promise<WarningScale[]> {
  if (itemId !== undefined) await visibleItem(ctx, { id: itemId }, 'item_id');
  return selectScales(ctx.db, ctx.subject, itemId);
}

/** Sets a station's levels of one reading, then hands the station's scales to its object (the cron repairs a failed push). */
export async function saveScale(ctx: SubjectCtx, { id, scale }: { id: number; scale: WarningScaleInput }): Promise<WarningScale> {
  const item = await stationWithReading(ctx, id, scale.reading);
  checkOrder(scale);
  await writeScale(ctx.db, { itemId: item.id, reading: scale.reading, direction: scale.direction, levels: scale.levels, now: Date.now() });
  await pushToStation(ctx, warningLevelsPush, { itemId: item.id });
  const found = (await findScale(ctx.db, item.id, scale.reading))!;
  return toWarningScale(found.scale, item.uniqueId, found.current, found.forecast);
}

/** Removes a station's levels of one reading (its current level goes with them; its crossings stay). */
export async function deleteScale(ctx: SubjectCtx, { id, reading }: { id: number; reading: string }) {
  const item = await visibleItem(ctx, { id }, 'id');
  if (!(await removeScale(ctx.db, { itemId: item.id, reading, now: Date.now() }))) throw notFound('Warning levels', 'reading');
  await pushToStation(ctx, warningLevelsPush, { itemId: item.id });
  return { id: item.id, reading };
}

/** A station's level crossings, newest first. */
export async function levelEvents(ctx: SubjectCtx, q: { item_id: number; reading?: string; limit: number }): Promise<LevelEvent[]> {
  await visibleItem(ctx, { id: q.item_id }, 'item_id');
  return selectLevelEvents(ctx.db, { itemId: q.item_id, reading: q.reading, limit: q.limit });
}

/**
 * The levels of the given readings per station and where each stands, keyed by the station's id: what a share link
 * shows of the stations it names (nothing of a reading it does not show).
 */
export async function standingsOf(
  { db }: Pick<Ctx, 'db'>,
  stations: { id: number; readings: readonly string[] }[],
): Promise<Map<number, LevelStanding[]>> {
  const found = new Map<number, LevelStanding[]>(stations.map((s) => [s.id, []]));
  if (!stations.length) return found;
  const shown = new Map(stations.map((s) => [s.id, new Set(s.readings)]));
  for (const { item_id, reading, direction, levels, current, forecast } of await selectScalesOf(
    db,
    stations.map((s) => s.id),
  )) {
    if (shown.get(item_id)?.has(reading)) found.get(item_id)!.push({ reading, direction, levels, current, forecast });
  }
  return found;
}

/** A station's Warning screen: its levels, its maintenance windows, and whether the subject may change them (administrators). */
export async function stationWarning(ctx: SubjectCtx, { id }: { id: number }): Promise<StationWarning> {
  const item = await visibleItem(ctx, { id }, 'id');
  const [scales, windows] = await Promise.all([
    selectScales(ctx.db, ctx.subject, item.id),
    selectWindows(ctx.db, item.id).then((rows) => rows.map(toWindow)),
  ]);
  return {
    item: toItemRow(item),
    readings: readingsOf(item.nameForApi).map((r) => r.code),
    scales,
    windows,
    may_edit: ctx.subject.isAdmin,
  };
}
