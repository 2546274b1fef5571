import type { Ctx, SubjectCtx } from '../../context';
import { everyCode, isSummed, sources } from '../../../shared/readings';
import { homeZone, resolveRange } from '../../../shared/station-time';
import type { Dashboard, DashboardColumns } from '../../contracts/telemetry';
import { selectRangeFigures, type RangeFigures, type SlotStation } from '../../db/daily-stats';
import { emptySummary, selectDashboardStations, toSummary } from '../../db/dashboard';
import { toItemRow, type Item } from '../../db/stations';
import { dischargeCodeOf, mergeFigures } from '../../db/rollup-layout';
import { selectDirectoryVersion } from '../../db/directory';
import { stationOf } from '../../station/directory';

/**
 * Per station over local days `from`..`to`: figures per code from the roll-up's rows (one D1 round trip), and the
 * part of a folded month a range edge cuts from the station's object. Kept in the Cache API for
 * DASHBOARD_CACHE_SECONDS under the stations and the range, so every subject seeing the same stations shares it: a
 * dashboard lags the newest reading by at most the roll-up period plus that (open pages get every reading live).
 */
export async function rangeFiguresOf(
  ctx: Pick<Ctx, 'db' | 'env' | 'config' | 'defer'>,
  { stations, from, to, fresh = false }: { stations: SlotStation[]; from: string; to: string; fresh?: boolean },
): Promise<Map<number, RangeFigures>> {
  const ttl = ctx.config.DASHBOARD_CACHE_SECONDS;
  const key = ttl && !fresh && stations.length ? await cacheKey(ctx, stations, from, to) : null;
  const cache = key ? await caches.open('dashboard') : null;
  const hit = key && (await cache!.match(key));
  if (hit) return withTotals(JSON.parse(await hit.text()) as [number, RangeFigures][]);

  const { byStation, partial } = await selectRangeFigures(ctx.db, { stations, from, to });
  const sourceOf = new Map(stations.map((s) => [s.id, s.source]));
  // A range edge inside a folded month: the month row cannot be split; the station's object counts those days from raw.
  await Promise.all(
    partial.map(async ({ id, from: first, to: last }) => {
      const figures = await stationOf(ctx.env, id).rollup().rangeFigures(first, last);
      // Discharge's own day rows are never folded: D1 held those days already.
      const discharge = dischargeCodeOf(sourceOf.get(id)!);
      if (discharge) delete figures[discharge];
      if (!Object.keys(figures).length) return;
      const known = byStation.get(id);
      if (known) mergeFigures(known.figures, figures);
      else byStation.set(id, { lastTs: Math.max(...Object.values(figures).map((f) => f.lastTs)), figures });
    }),
  );
  if (key) {
    // Kept after the reply: serialising a thousand stations' figures is no part of answering.
    const kept = new Promise((resolve) => setTimeout(resolve, 0)).then(() => {
      const body = JSON.stringify([...byStation], (_, v) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v));
      return cache!.put(key, new Response(body, { headers: { 'Cache-Control': `max-age=${ttl}` } }));
    });
    ctx.defer(kept.catch(() => undefined));
  }
  return byStation;
}

/**
 * Kept figures with the totals that overflowed (kept as "Infinity" / "-Infinity") numbers again. A walk over the
 * totals alone: a JSON reviver would be called for every value, which took longer than the rest of a kept dashboard.
 */
function withTotals(entries: [number, RangeFigures][]): Map<number, RangeFigures> {
  for (const [, { figures }] of entries) {
    for (const code of Object.values(figures) as Record<'sum' | 'peakSum', unknown>[]) {
      if (typeof code.sum === 'string') code.sum = Number(code.sum);
      if (typeof code.peakSum === 'string') code.peakSum = Number(code.peakSum);
    }
  }
  return new Map(entries);
}

/** A key of the Cache API (which keys by URL) under this deployment's address. */
const cacheUrl = ({ config }: Pick<Ctx, 'config'>, path: string) => `${config.APP_URL ?? 'https://hladina.invalid'}/cache/${path}`;

async function cacheKey(ctx: Pick<Ctx, 'config'>, stations: SlotStation[], from: string, to: string) {
  const list = stations.map((s) => `${s.id}${s.source[0]}`).join(',');
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(list)));
  const hash = [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
  return cacheUrl(ctx, `dashboard/${hash}?from=${from}&to=${to}`);
}

/** A dashboard's range; `fresh` (the API's `Cache-Control: no-cache`) neither reads nor keeps figures. */
type DashboardRange = { from?: string; to?: string; days?: number; fresh?: boolean };

/**
 * Where a subject's whole dashboard reply is kept (docs/decisions/0045): under the subject, the directory's version
 * (raised by every change to stations, groups, their links and subjects' roles, so a reply never outlives who may see
 * what), the format and the range as resolved today. Its figures and `last_update` lag the roll-up by up to
 * DASHBOARD_CACHE_SECONDS, as kept figures do.
 */
export async function dashboardReplyKey(ctx: SubjectCtx, range: DashboardRange & { format?: string }) {
  const { from, to } = resolveRange(range, homeZone);
  const version = await selectDirectoryVersion(ctx.db);
  return cacheUrl(ctx, `dashboard-reply/${ctx.subject.id}/${version}?${new URLSearchParams({ format: range.format ?? 'rows', from, to })}`);
}

async function dashboardParts(ctx: SubjectCtx, range: DashboardRange) {
  // Days without an explicit range end today in the product's home zone; every station's days are its own local days.
  const { from, to } = resolveRange(range, homeZone);
  const [rows, groupRows] = await selectDashboardStations(ctx.db, ctx.subject);
  const figures = await rangeFiguresOf(ctx, {
    stations: rows.map((r) => ({ id: r.id, source: r.nameForApi })),
    from,
    to,
    fresh: range.fresh,
  });
  const groups = groupRows.map((g) => ({ id: g.id, name: g.name, items: JSON.parse(g.items) as number[] }));
  return { rows, groups, figures };
}

/**
 * The dashboard: the subject's stations and their groups, and per station readings count, last reading and
 * extremes over local days `from`..`to`, read from the roll-up only (never from raw readings, but for the days of a
 * folded month a range edge cuts).
 */
export async function dashboardOf(ctx: SubjectCtx, range: DashboardRange): Promise<Dashboard> {
  const { rows, groups, figures } = await dashboardParts(ctx, range);
  const dashboard: Dashboard = { items: rows.map(toItemRow), danes: {}, uniwan: {}, groups };
  for (const item of rows) {
    const found = figures.get(item.id);
    dashboard[item.nameForApi === 'DANES' ? 'danes' : 'uniwan'][item.uniqueId] = found ? toSummary(found, everyCode) : emptySummary();
  }
  return dashboard;
}

/** The same dashboard in columns (`format=columns`; what the app loads). */
export async function dashboardColumnsOf(ctx: SubjectCtx, range: DashboardRange): Promise<DashboardColumns> {
  const { rows, groups, figures } = await dashboardParts(ctx, range);
  return toColumns(rows, figures, groups);
}

function toColumns(rows: Item[], figures: Map<number, RangeFigures>, groups: DashboardColumns['groups']): DashboardColumns {
  const zones: string[] = [];
  const zoneIndex = new Map<string, number>();
  const summaries = rows.map((r) => toSummary(figures.get(r.id), everyCode));
  const times = [...rows.map((r) => r.lastUpdate), ...summaries.map((s) => (s.date ? Date.parse(s.date) : null))].filter((t) => t !== null);
  const base = times.length ? Math.min(...times) : 0;
  const codes = everyCode.filter((code) => summaries.some((s) => code in s.max));
  const perCode = <T>(pick: (s: (typeof summaries)[number], code: string) => T | undefined, only = codes) =>
    Object.fromEntries(only.map((code) => [code, summaries.map((s) => pick(s, code) ?? null)]));
  const summed = codes.filter(isSummed);
  const withVolume = codes.filter((code) => summaries.some((s) => s.volume?.[code] !== undefined));
  return {
    base,
    zones,
    sources: [...sources],
    stations: {
      id: rows.map((r) => r.id),
      name: rows.map((r) => r.name),
      serial_nr: rows.map((r) => r.serialNr),
      unique_id: rows.map((r) => r.uniqueId),
      location_x: rows.map((r) => r.locationX),
      location_y: rows.map((r) => r.locationY),
      location_name: rows.map((r) => r.locationName),
      location_group: rows.map((r) => r.locationGroup),
      source: rows.map((r) => sources.indexOf(r.nameForApi)),
      zone: rows.map((r) => {
        let i = zoneIndex.get(r.timezone);
        if (i === undefined) zoneIndex.set(r.timezone, (i = zones.push(r.timezone) - 1));
        return i;
      }),
      last_update: rows.map((r) => (r.lastUpdate === null ? null : r.lastUpdate - base)),
      report_minutes: rows.map((r) => r.reportMinutes),
      datum: rows.map((r) => r.datum),
    },
    figures: {
      date: summaries.map((s) => (s.date ? Date.parse(s.date) - base : null)),
      count: summaries.map((s) => s.pocetMereni),
      min: perCode((s, code) => s.min[code]),
      max: perCode((s, code) => s.max[code]),
      sum: perCode((s, code) => s.sum?.[code], summed),
      peak_day: perCode((s, code) => s.peak_day?.[code]?.day, summed),
      peak_sum: perCode((s, code) => s.peak_day?.[code]?.sum, summed),
      mean: perCode((s, code) => s.mean?.[code], withVolume),
      volume: perCode((s, code) => s.volume?.[code], withVolume),
    },
    groups,
  };
}
