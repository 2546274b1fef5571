import { desc, eq, sql } from 'drizzle-orm';
import { countedWith, isSummed, toMillionths } from '../../shared/readings';
import { isoInstant } from '../../shared/station-time';
import type { StationSummary } from '../contracts/telemetry';
import type { Figures } from './rollup-layout';
import type { Db } from './client';
import { groupItems, groups, items, type Subject } from './schema';
import { itemFields, visibleTo } from './stations';

/**
 * The dashboard's stations (with `last_update`) and the groups holding them, in one round trip: every group for an
 * administrator, else the subject's own groups (whose stations it sees).
 */
export const selectDashboardStations = (db: Db, subject: Subject) =>
  db.batch([
    db.select(itemFields).from(items).where(visibleTo(subject)).orderBy(desc(items.id)),
    db
      .select({ id: groups.id, name: groups.name, items: sql<string>`json_group_array(${groupItems.itemId})` })
      .from(groups)
      .innerJoin(groupItems, eq(groupItems.groupId, groups.id))
      .where(subject.isAdmin ? undefined : sql`${groups.id} IN (SELECT group_id FROM subject_groups WHERE subject_id = ${subject.id})`)
      .groupBy(groups.id)
      .orderBy(groups.name, groups.id),
  ]);

/** A finite total to the millionth; one that overflowed a double is sent as null (JSON has no ±Infinity). */
const total = (n: number): number | null => (Number.isFinite(n) ? toMillionths(n) : null);

/**
 * A station's figures over a range as the documented summary: readings count (a derived code counted only without its level), the newest reading, min and max per
 * code of `codes` (nothing of any other code, not even its time: share links show only theirs), for codes that add up the range's total (`sum`) and the wettest day (`peak_day`, when any
 * fell), and for discharge its mean and the volume that flowed (m³).
 */
export function toSummary(range: { figures: Figures } | undefined, codes: readonly string[]): StationSummary {
  if (!range) return emptySummary();
  const summary: StationSummary = { date: null, pocetMereni: 0, max: {}, min: {} };
  let lastTs = -Infinity;
  const sums: Record<string, number | null> = {};
  const peaks: Record<string, { day: string; sum: number | null }> = {};
  const means: Record<string, number> = {};
  const volumes: Record<string, number | null> = {};
  for (const code of codes) {
    const f = range.figures[code];
    if (!f) continue;
    // A derived code's readings are its level's again: counted only when the level is not shown.
    if (!countedWith(code, codes)) summary.pocetMereni += f.count;
    lastTs = Math.max(lastTs, f.lastTs);
    summary.max[code] = f.max;
    summary.min[code] = f.min;
    if (f.volume !== undefined) {
      means[code] = toMillionths(f.sum / f.count);
      volumes[code] = total(f.volume);
    }
    if (!isSummed(code)) continue;
    sums[code] = total(f.sum);
    if (f.peakDay !== undefined && f.peakSum !== undefined && f.peakSum > 0) peaks[code] = { day: f.peakDay, sum: total(f.peakSum) };
  }
  if (Object.keys(sums).length) summary.sum = sums;
  if (Object.keys(peaks).length) summary.peak_day = peaks;
  if (Object.keys(volumes).length) Object.assign(summary, { mean: means, volume: volumes });
  if (!summary.pocetMereni) return emptySummary();
  return { ...summary, date: isoInstant(lastTs) };
}

/** What a station without readings in the range shows. */
export const emptySummary = (): StationSummary => ({ date: null, pocetMereni: 0, max: {}, min: {} });
