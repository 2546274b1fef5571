/**
 * The demo groundwater wells' levels (docs/corrections.md): a vertical reference above the Baltic datum ("Bpv") with
 * a re-survey, a tape measurement every three weeks for a year, and a logger that drifts and is then re-zeroed wrongly,
 * so the demo readings of `H1` carry both errors and the wells get the drift (as the suggestion from the measurements
 * gives it) and the offset that correct them, all through the API as a hydrogeologist would enter them.
 */
import { rest } from '../lib/rest';
import { demoStations } from './accounts';

const STEP = 10 * 60_000;
const DAY = 86_400_000;

/** How far back the wells' level history goes (their other readings go back as far as the other stations'). */
export const wellHistoryDays = 365;

interface Reference {
  ground: number;
  mp: number;
}

interface DemoWell {
  station: number;
  /** The logger hangs this far below the measuring point and reports the water column above it. */
  sensorDepth: number;
  surveyed: Reference;
  resurveyed: Reference;
  /** What the logger had drifted by at the service visit (from 0 at the visit before the last three). */
  drift: number;
  /** What it reads off by after being re-zeroed at that visit. */
  offset: number;
}

const wells: DemoWell[] = [
  {
    station: 1,
    sensorDepth: 8.5,
    surveyed: { ground: 201.34, mp: 201.96 },
    resurveyed: { ground: 201.35, mp: 201.98 },
    drift: 0.08,
    offset: -0.12,
  },
  {
    station: 2,
    sensorDepth: 7.2,
    surveyed: { ground: 212.8, mp: 213.35 },
    resurveyed: { ground: 212.78, mp: 213.33 },
    drift: -0.05,
    offset: 0.07,
  },
];

/** The field visits: every three weeks, 08:00 UTC, the last a week before `end`. */
const visitDaysBack = Array.from({ length: 18 }, (_, k) => 364 - 21 * k);
const visit = (daysBack: number, end: number) => Math.floor((end - daysBack * DAY) / DAY) * DAY + 8 * 3_600_000;
const driftFrom = (end: number) => visit(154, end);
const serviced = (end: number) => visit(70, end);
const resurveyed = (end: number) => visit(196, end);

export const isDemoWell = (station: number) => wells.some((w) => w.station === station);

/** What the demo well's logger adds to the true level at `ts` (`end`: the newest reading's time). */
export function loggerError(station: number, ts: number, end: number): number {
  const well = wells.find((w) => w.station === station);
  if (!well || ts < driftFrom(end)) return 0;
  if (ts > serviced(end)) return well.offset;
  return (well.drift * (ts - driftFrom(end))) / (serviced(end) - driftFrom(end));
}

const iso = (ts: number) => new Date(ts).toISOString();
const round = (v: number, digits = 3) => Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * Enters the wells' references, measurements (the true level at each visit as a tape depth, within a few
 * millimetres) and corrections, for readings posted up to `now`. Returns how many measurements were recorded.
 */
export async function postDemoWells(base: string, token: string, now: number): Promise<number> {
  const end = Math.floor(now / STEP) * STEP;
  let recorded = 0;
  for (const well of wells) {
    const call = <T>(path: string, query: Record<string, string | number>, post?: { model: string; body: unknown }) =>
      rest<T>(base, token, path, { id: well.station, ...query }, post);
    const reference = (from: number, to: number | null, r: Reference, note: string) =>
      call(
        '/levels/references',
        {},
        {
          model: 'LevelReference',
          body: {
            reading: 'H1',
            from: iso(from),
            to: to === null ? null : iso(to),
            ground_elevation: r.ground,
            mp_elevation: r.mp,
            datum: 'Bpv',
            mode: 'water_column',
            sensor_depth: well.sensorDepth,
            note,
          },
        },
      );
    await reference(end - 400 * DAY, resurveyed(end), well.surveyed, 'Levelled from the benchmark at the well head.');
    await reference(resurveyed(end), null, well.resurveyed, 'Re-surveyed by GNSS.');

    // The chart and export calls name a station by its unique id.
    const { unique_id } = demoStations.find((s) => s.id === well.station)!;
    const raw = await rest<{ data: Record<string, { t: number[]; v: number[] }> }>(base, token, '/api/item/readings', {
      id: unique_id,
      days: wellHistoryDays,
    });
    const level = new Map(raw.data.H1.t.map((t, i) => [t, raw.data.H1.v[i]]));
    const measurements = visitDaysBack.map((daysBack, k) => {
      const at = visit(daysBack, end);
      const truth = level.get(at)! - loggerError(well.station, at, end);
      return {
        reading: 'H1',
        at: iso(at),
        depth: round(well.sensorDepth - truth + (((k * 37) % 11) - 5) / 1000),
        measured_by: k % 2 ? 'P. Dvořák' : 'J. Novák',
        method: 'electric tape',
        note: at === serviced(end) ? 'Logger cleaned and re-zeroed after this measurement.' : '',
      };
    });
    recorded += (await call<unknown[]>('/levels/measurements', {}, { model: 'Measurements', body: { measurements } })).length;

    const drift = { reading: 'H1', from: iso(driftFrom(end)), to: iso(serviced(end)) };
    const { amount } = await call<{ amount: number }>('/corrections/drift', drift);
    await call(
      '/corrections',
      {},
      {
        model: 'Correction',
        body: {
          ...drift,
          kind: 'drift',
          amount: round(amount),
          note: 'Sensor drift found at the service visit; the amount the tape measurements at both ends suggest.',
        },
      },
    );
    await call(
      '/corrections',
      {},
      {
        model: 'Correction',
        body: {
          reading: 'H1',
          kind: 'offset',
          from: iso(serviced(end) + STEP),
          amount: -well.offset,
          note: 'Re-zeroed wrongly at the service visit: the tape measurements since differ by this much.',
        },
      },
    );
  }
  return recorded;
}
