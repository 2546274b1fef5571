/**
 * Moves the roll-up of a database from before migration 0007 (D1 `daily_stats`, a row per station, code and day) into
 * the new rows (`station_days`, and `station_months` for days past the fold age), through the running Worker:
 *   HLADINA_ADMIN_TOKEN=… npm run migrate:rollup -- --url https://hladina.example.com
 * (or ADMIN_EMAIL / ADMIN_PASSWORD to sign in). Each call moves a few stations in batches that insert their new rows and
 * delete their old ones together, so the command can be interrupted and run again: nothing is lost or moved twice. The
 * five-minute cron does the same a few stations at a time; this finishes it at once. Ends with the roll-up's health.
 */
import { parseArgs } from 'node:util';
import type { Health, RollupMigrateStep } from '../worker/contracts/rollup';
import { signIn } from './lib/sign-in';

const { values } = parseArgs({ options: { url: { type: 'string', default: 'http://localhost:5173' } } });
const base = values.url.replace(/\/$/, '');

async function adminToken(): Promise<string> {
  if (process.env.HLADINA_ADMIN_TOKEN) return process.env.HLADINA_ADMIN_TOKEN;
  const { ADMIN_EMAIL: username, ADMIN_PASSWORD: password } = process.env;
  if (!username || !password) {
    console.error('usage: HLADINA_ADMIN_TOKEN=… (or ADMIN_EMAIL=… ADMIN_PASSWORD=…) npm run migrate:rollup -- --url URL');
    process.exit(2);
  }
  return signIn(base, { username, password });
}

const token = await adminToken();
const call = async <T>(method: string, path: string): Promise<T> => {
  const res = await fetch(`${base}/rest${path}`, { method, headers: { Authorization: `Bearer ${token}` } });
  const json = (await res.json()) as { data?: T; errors?: unknown };
  if (!json.data) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(json.errors)}`);
  return json.data;
};

const started = performance.now();
let [stations, rows] = [0, 0];
for (;;) {
  const step = await call<RollupMigrateStep>('POST', '/rollup/migrate');
  stations += step.stations;
  rows += step.rows;
  process.stdout.write(
    `\r${stations.toLocaleString('en')} stations (${rows.toLocaleString('en')} old rows) moved; ${step.legacy_rows.toLocaleString('en')} rows of ${step.legacy_stations.toLocaleString('en')} stations left…`,
  );
  if (step.legacy_rows === 0) break;
}
const { rollup } = await call<Health>('GET', '/health');
console.log(
  `\nDone in ${((performance.now() - started) / 1000).toFixed(1)} s. Roll-up: ${rollup.failing} stations failing` +
    (rollup.failing
      ? ` (since ${rollup.failing_since}; first: ${rollup.stations
          .map((s) => s.unique_id)
          .slice(0, 5)
          .join(', ')})`
      : '') +
    '.',
);
process.exit(0);
