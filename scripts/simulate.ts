/**
 * A station's view of the product: posts live readings for the demo stations through the real ingest API.
 *   npm run simulate [-- --url http://localhost:5173 --every 5]
 *   npm run simulate -- --flood     (one demo station's groundwater rises past its flood rule, holds, and recedes)
 * Uses HLADINA_INGEST_TOKEN when set, else creates an importer token in the local D1. The flood signs in as the
 * demo administrator (ADMIN_EMAIL / ADMIN_PASSWORD override it) to read the station's flood rule.
 */
import { parseArgs } from 'node:util';
import type { AlarmRule } from '../worker/contracts/alarms';
import { sourceRow } from '../worker/contracts/telemetry';
import { demoAccounts, demoStations } from './seed/accounts';
import { floodRule } from './seed/alarm-rules';
import { StationWeather } from './seed/weather';
import { postBatch, storeImporterToken } from './lib/ingest';
import { signIn } from './lib/sign-in';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:5173' },
    every: { type: 'string', default: '5' },
    flood: { type: 'boolean', default: false },
  },
});
const base = values.url.replace(/\/$/, '');
const everyMs = Math.max(1, Number(values.every)) * 1000;
const token = process.env.HLADINA_INGEST_TOKEN ?? storeImporterToken('--local');

// Warm each model up over the last day so rain, groundwater and battery continue from plausible states.
const start = Date.now() - 24 * 3_600_000;
const stations = demoStations.map((s) => {
  const weather = new StationWeather(s.source, s.id * 7919, start - 90 * 24 * 3_600_000);
  for (let ts = start; ts < Date.now(); ts += 10 * 60_000) weather.step(ts);
  return { ...s, weather };
});

async function post(station: (typeof stations)[number], readings: Record<string, number>, ts: number) {
  const rows = Object.entries(readings).map(([reading, value]) => sourceRow(station.source, { reading, ts, value }));
  try {
    const reply = await postBatch(base, token, station.source === 'DANES' ? 'danes' : 'uniwan', station.unique_id, rows);
    return reply.status === 200 ? `${reply.accepted} accepted` : `HTTP ${reply.status} ${JSON.stringify(reply.errors)}`;
  } catch (err) {
    return `${(err as Error).message} (is \`npm run dev\` running at ${base}?)`;
  }
}

async function tick() {
  const ts = Date.now();
  for (const s of stations) console.log(`${new Date(ts).toISOString()} ${s.unique_id.padEnd(16)} ${await post(s, s.weather.step(ts), ts)}`);
}

/** The flood rule as the Worker holds it (signed in as the demo administrator), created from the seed if missing. */
async function floodRuleOf(): Promise<AlarmRule> {
  const token = await signIn(base, {
    username: process.env.ADMIN_EMAIL ?? demoAccounts.admin.username,
    password: process.env.ADMIN_PASSWORD ?? demoAccounts.admin.password,
  });
  const call = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}${path}`, {
      ...init,
      headers: { 'Content-Type': 'application/json', Origin: base, Authorization: `Bearer ${token}` },
    });
    const json = (await res.json()) as { data?: unknown; errors?: unknown };
    if (!json.data) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(json.errors)}`);
    return json.data;
  };
  const rules = (await call(`/rest/alarm-rules?item_id=${floodRule.item_id}`)) as AlarmRule[];
  const found = rules.find((r) => r.kind === 'above' && r.reading === floodRule.reading);
  if (found) return found;
  console.log('The station has no flood rule yet; creating the demo one.');
  return (await call('/rest/alarm-rules/edit', { method: 'POST', body: JSON.stringify({ AlarmRules: floodRule }) })) as AlarmRule;
}

/**
 * Drives the flood rule's station across it: the level rises from where the model stands to 0.25 m above the
 * threshold over six reports, holds for four, then falls below where the alarm clears over six, one report per
 * tick at the current time. Prints what a newcomer should see happen, then stops.
 */
async function flood() {
  const rule = await floodRuleOf();
  const station = stations.find((s) => s.id === rule.item_id)!;
  const threshold = rule.threshold!;
  const clearLevel = rule.clear_level!;
  // Start below the threshold whatever the model's level, so the crossing is seen.
  const from = Math.min(station.weather.step(Date.now()).H1, threshold - 0.3);
  const peak = threshold + 0.25;
  const low = clearLevel - 0.2;
  const levels = [
    ...Array.from({ length: 6 }, (_, i) => from + ((peak - from) * (i + 1)) / 6),
    ...Array(4).fill(peak),
    ...Array.from({ length: 6 }, (_, i) => peak + ((low - peak) * (i + 1)) / 6),
  ];
  console.log(
    `Flood at ${station.unique_id}: rule "${rule.name ?? rule.kind}" fires above ${threshold} m and clears at or below ${clearLevel} m.\n` +
      `Open ${base}/alarms (signed in) and watch the console of \`npm run dev\`, where the e-mails are printed.\n`,
  );
  let firing = false;
  for (const level of levels) {
    const ts = Date.now();
    const H1 = Math.round(level * 1000) / 1000;
    const outcome = await post(station, { ...station.weather.step(ts), H1 }, ts);
    let note = '';
    if (!firing && H1 > threshold) [firing, note] = [true, `  ← above ${threshold} m: the alarm fires and its e-mail is sent`];
    else if (firing && H1 <= clearLevel)
      [firing, note] = [false, `  ← at or below ${clearLevel} m: the alarm clears, with one more e-mail`];
    console.log(`${new Date(ts).toISOString()} ${station.unique_id} H1 ${H1.toFixed(3)} m: ${outcome}${note}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  console.log('\nThe flood is over. See the alarm in the history on /alarms.');
}

if (values.flood) {
  await flood();
} else {
  console.log(`Posting readings for ${stations.length} demo stations to ${base} every ${everyMs / 1000} s; Ctrl+C stops.`);
  await tick();
  setInterval(tick, everyMs);
}
