/**
 * The demo stations' 10-minute readings, posted through the real ingest API: a history of 90 days (or `days`) whose
 * wells' level (`H1`) goes back `levelDays` and carries their logger's errors (./wells.ts), and the same series
 * continued later up to the present (what `npm run dev` adds when it starts on a database seeded before).
 */
import { maxIngestRows, sourceRow } from '../../worker/contracts/telemetry';
import { postBatch } from '../lib/ingest';
import { demoStations } from './accounts';
import { StationWeather } from './weather';
import { isDemoWell, loggerError, wellHistoryDays } from './wells';

const STEP = 10 * 60_000;
const DAY = 24 * 3_600_000;

/** What fixes a demo history: when its seeding ended (on the 10-minute grid), its days, and how far back the wells' levels go. */
export interface DemoHistory {
  end: number;
  days: number;
  levelDays: number;
}

/** Days of every demo code that `npm run dev` seeds. */
export const demoDays = 90;

export const demoHistory = (now: number, days = demoDays, levelDays = days): DemoHistory => ({
  end: Math.floor(now / STEP) * STEP,
  days,
  levelDays,
});

/** The history `npm run dev` seeded, known by its first report of a code other than a well's level. */
export const seededDemoHistory = (start: number): DemoHistory => ({
  end: start + demoDays * DAY,
  days: demoDays,
  levelDays: wellHistoryDays,
});

type DemoStation = (typeof demoStations)[number];

/**
 * One station's reports of the history from its first up to `until`, in time order: the weather model is stepped
 * from the same start every time, so a later `until` continues the very series an earlier seeding stored.
 */
export function* demoReports(station: DemoStation, history: DemoHistory, until = history.end) {
  const start = history.end - history.days * DAY;
  const well = isDemoWell(station.id);
  const first = well ? Math.min(start, history.end - history.levelDays * DAY) : start;
  const weather = new StationWeather(station.source, station.id * 7919, start);
  for (let ts = first; ts <= until; ts += STEP) {
    const readings: [string, number][] = [];
    for (const [reading, value] of Object.entries(weather.step(ts))) {
      if (reading === 'H1' && well) readings.push([reading, Math.round((value + loggerError(station.id, ts, history.end)) * 1000) / 1000]);
      else if (ts >= start) readings.push([reading, value]);
    }
    yield { ts, readings };
  }
}

/**
 * Posts the history's reports up to `until` with an importer token, of each station only those after its entry in
 * `after` (its newest stored report); returns how many readings were stored.
 */
export async function postDemoReadings(
  url: string,
  token: string,
  history: DemoHistory,
  { until = history.end, after = new Map<string, number>() }: { until?: number; after?: ReadonlyMap<string, number> } = {},
): Promise<number> {
  let stored = 0;
  await Promise.all(
    demoStations.map(async (station) => {
      const source = station.source === 'DANES' ? 'danes' : 'uniwan';
      const since = after.get(station.unique_id) ?? -Infinity;
      let rows: unknown[] = [];
      const send = async () => {
        const reply = await postBatch(url, token, source, station.unique_id, rows);
        if (reply.status !== 200)
          throw new Error(`seeding ${station.unique_id} failed: HTTP ${reply.status} ${JSON.stringify(reply.errors)}`);
        stored += reply.accepted;
        rows = [];
      };
      for (const { ts, readings } of demoReports(station, history, until)) {
        if (ts <= since) continue;
        for (const [reading, value] of readings) rows.push(sourceRow(station.source, { reading, ts, value }));
        if (rows.length > maxIngestRows - 10) await send();
      }
      if (rows.length) await send();
    }),
  );
  return stored;
}
