/**
 * Copies the raw readings of a database from before station objects (D1 table `legacy_readings`) into the
 * station objects, through the running Worker, and reports each station's counts:
 *   HLADINA_ADMIN_TOKEN=… npm run migrate:readings -- --url https://hladina.example.com
 * (or ADMIN_EMAIL / ADMIN_PASSWORD to sign in). Safe to interrupt and to run again: each station's object
 * keeps its own cursor, and a reading already there is counted, not stored twice. D1's table is left intact.
 */
import { parseArgs } from 'node:util';
import type { LegacyCopyStep } from '../worker/contracts/legacy';
import { signIn } from './lib/sign-in';

const { values } = parseArgs({
  options: { url: { type: 'string', default: 'http://localhost:5173' }, limit: { type: 'string', default: '20000' } },
});
const base = values.url.replace(/\/$/, '');

async function adminToken(): Promise<string> {
  if (process.env.HLADINA_ADMIN_TOKEN) return process.env.HLADINA_ADMIN_TOKEN;
  const { ADMIN_EMAIL: username, ADMIN_PASSWORD: password } = process.env;
  if (!username || !password) {
    console.error('usage: HLADINA_ADMIN_TOKEN=… (or ADMIN_EMAIL=… ADMIN_PASSWORD=…) npm run migrate:readings -- --url URL');
    process.exit(2);
  }
  return signIn(base, { username, password });
}

const token = await adminToken();
let after: number | undefined;
let copied = 0;
let mismatches = 0;
const started = performance.now();
for (;;) {
  const res = await fetch(`${base}/rest/legacy-readings/copy?limit=${values.limit}${after ? `&after=${after}` : ''}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
  const json = (await res.json()) as { data?: LegacyCopyStep; errors?: unknown };
  if (!json.data) throw new Error(`copy step failed: HTTP ${res.status} ${JSON.stringify(json.errors)}`);
  const step = json.data;
  if (!step.station) break;
  copied += step.copiedNow;
  if (!step.totals) {
    process.stdout.write(`\r${step.station.unique_id}: ${copied.toLocaleString('en')} readings copied so far…`);
    continue;
  }
  const t = step.totals;
  const ok = t.copied === t.legacy;
  if (!ok) mismatches++;
  console.log(
    `\r${step.station.unique_id}: ${t.legacy.toLocaleString('en')} in D1, ${t.copied.toLocaleString('en')} in the object ` +
      `(${t.accepted.toLocaleString('en')} new, ${t.duplicates.toLocaleString('en')} already there; it now holds ${t.inObject.toLocaleString('en')})` +
      (ok ? '' : '  ← COUNTS DIFFER'),
  );
  after = step.station.id;
}
console.log(
  `Done: ${copied.toLocaleString('en')} readings copied in this run in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
    (mismatches ? `${mismatches} stations differ.` : 'every station’s counts match.'),
);
process.exit(mismatches ? 1 : 0);
