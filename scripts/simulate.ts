/**
 * A station's view of the product: posts live readings for the demo stations through the real ingest API.
 *   npm run simulate [-- --url http://localhost:5173 --every 5]
 * Uses HLADINA_INGEST_TOKEN when set, else creates an importer token in the local D1.
 */
import { parseArgs } from 'node:util';
import { demoStations } from './seed/accounts';
import { StationWeather } from './seed/weather';
import { postBatch, storeImporterToken } from './lib/ingest';

const { values } = parseArgs({
  options: { url: { type: 'string', default: 'http://localhost:5173' }, every: { type: 'string', default: '5' } },
});
const everyMs = Math.max(1, Number(values.every)) * 1000;
const token = process.env.HLADINA_INGEST_TOKEN ?? storeImporterToken('--local');

// Warm each model up over the last day so rain, groundwater and battery continue from plausible states.
const start = Date.now() - 24 * 3_600_000;
const stations = demoStations.map((s) => {
  const weather = new StationWeather(s.source, s.id * 7919, start - 90 * 24 * 3_600_000);
  for (let ts = start; ts < Date.now(); ts += 10 * 60_000) weather.step(ts);
  return { ...s, weather };
});

async function tick() {
  const ts = Date.now();
  for (const s of stations) {
    const date = new Date(ts).toISOString();
    const rows = Object.entries(s.weather.step(ts)).map(([code, value]) =>
      s.source === 'DANES' ? { data_name: code, data_value: value, date } : { value_id: code, value, timestamp: date },
    );
    const source = s.source === 'DANES' ? 'danes' : 'uniwan';
    try {
      const reply = await postBatch(values.url, token, source, s.unique_id, rows);
      const outcome = reply.status === 200 ? `${reply.accepted} accepted` : `HTTP ${reply.status} ${JSON.stringify(reply.errors)}`;
      console.log(`${date} ${s.unique_id.padEnd(16)} ${outcome}`);
    } catch (err) {
      console.error(`${date} ${s.unique_id}: ${(err as Error).message} (is \`npm run dev\` running at ${values.url}?)`);
    }
  }
}

console.log(`Posting readings for ${stations.length} demo stations to ${values.url} every ${everyMs / 1000} s; Ctrl+C stops.`);
await tick();
setInterval(tick, everyMs);
