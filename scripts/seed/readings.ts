/**
 * 90 days (or `days`) of 10-minute demo readings for the demo stations, posted through the real ingest API; the
 * wells' level (`H1`) goes back `levelDays` and carries their logger's errors (./wells.ts).
 */
import { maxIngestRows, sourceRow } from '../../worker/contracts/telemetry';
import { postBatch } from '../lib/ingest';
import { demoStations } from './accounts';
import { StationWeather } from './weather';
import { isDemoWell, loggerError } from './wells';

const STEP = 10 * 60_000;
const DAYS = 90;

/** Posts the demo history of every demo station up to `now` with an importer token; returns how many readings were stored. */
export async function postDemoReadings(url: string, token: string, days = DAYS, now = Date.now(), levelDays = days): Promise<number> {
  const end = Math.floor(now / STEP) * STEP;
  const start = end - days * 24 * 3_600_000;
  let stored = 0;
  await Promise.all(
    demoStations.map(async (station) => {
      const well = isDemoWell(station.id);
      const first = well ? Math.min(start, end - levelDays * 24 * 3_600_000) : start;
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
      for (let ts = first; ts <= end; ts += STEP) {
        for (const [reading, value] of Object.entries(weather.step(ts))) {
          if (reading === 'H1' && well) {
            const logged = Math.round((value + loggerError(station.id, ts, end)) * 1000) / 1000;
            rows.push(sourceRow(station.source, { reading, ts, value: logged }));
          } else if (ts >= start) rows.push(sourceRow(station.source, { reading, ts, value }));
        }
        if (rows.length > maxIngestRows - 10) await send();
      }
      if (rows.length) await send();
    }),
  );
  return stored;
}
