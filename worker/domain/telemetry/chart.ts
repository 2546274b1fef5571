import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { items, type Subject } from '../../db/schema';
import type { Chart, ChartQuery as ChartQueryContract } from '../../contracts/telemetry';
import { dayBounds, resolveRange } from '../../contracts/station-time';
import { stationOf } from '../../station/directory';
import type { CodeSeries } from '../../station/series';
import { toItemRow } from '../items/manage';
import { visibleItem } from '../items/visibility';
import { sourceRows, type Reading } from './rows';

type ChartQuery = z.output<typeof ChartQueryContract>;

/** Every reading's points as one list in time order, codes in catalogue-independent (binary) order within a time. */
function inTimeOrder(series: Record<string, CodeSeries>): Reading[] {
  const out: Reading[] = [];
  for (const [reading, { t, v }] of Object.entries(series)) for (let i = 0; i < t.length; i++) out.push({ reading, ts: t[i], value: v[i] });
  return out.sort((a, b) => a.ts - b.ts || (a.reading < b.reading ? -1 : a.reading > b.reading ? 1 : 0));
}

/** A station's readings over local days `from`..`to`, read from its object in one call (downsampled there, peaks kept). */
export async function chartOf(db: Db, env: Cloudflare.Env, subject: Subject, query: ChartQuery): Promise<Chart> {
  const item = await visibleItem(db, subject, eq(items.uniqueId, query.id), 'id');
  const { from, to } = resolveRange(query, item.timezone);
  const { series, min, max, downsampled } = await stationOf(env, item.id).series(dayBounds(from, item.timezone).start, dayBounds(to, item.timezone).end);
  return { item: toItemRow(item), data: sourceRows(item.nameForApi, inTimeOrder(series)), min, max, downsampled };
}
