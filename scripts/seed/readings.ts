/** 90 days (or `days`) of 10-minute demo readings for the demo stations, posted through the real ingest API. */
import { maxIngestRows, sourceRow } from '../../worker/contracts/telemetry';
import { postBatch } from '../lib/ingest';
import { demoStations } from './accounts';
import { StationWeather } from './weather';

const STEP = 10 * 60_000;
const DAYS = 90;

/** Posts the demo history of every demo station up to `now` with an importer token; returns how many readings were stored. */
export async function postDemoReadings(url: string, token: string, days = DAYS, now = Date.now()): Promise<number> {
  const end = Math.floor(now / STEP) * STEP;
  const start = end - days * 24 * 3_600_000;
  let stored = 0;
  await Promise.all(
    demoStations.map(async (station) => {
      const weather = new StationWeather(station.source, station.id * 7919, start);
      const source = station.source === 'DANES' ? 'danes' : 'uniwan';
      let rows: unknown[] = [];
      const send = async () => {
        const reply = await postBatch(url, token, source, station.unique_id, rows);
        if (reply.status !== 200)
          throw new Error(`seeding ${station.unique_id} failed: HTTP ${reply.status} ${JSON.stringify(reply.errors)}`);
        stored += reply.accepted;
        rows = [];
      };
      for (let ts = start; ts <= end; ts += STEP) {
        for (const [reading, value] of Object.entries(weather.step(ts))) rows.push(sourceRow(station.source, { reading, ts, value }));
        if (rows.length > maxIngestRows - 10) await send();
      }
      if (rows.length) await send();
    }),
  );
  return stored;
}
