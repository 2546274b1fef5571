/** `npm run dev` prelude: apply migrations to the local D1 and seed demo data once. */
import { accountsSql, demoAccounts } from './seed/accounts';
import { alarmRulesSql } from './seed/alarm-rules';
import { postDemoRatings } from './seed/ratings';
import { postDemoReadings } from './seed/readings';
import { postDemoWells, wellHistoryDays } from './seed/wells';
import { applyMigrations, executeScript, query } from './lib/d1';
import { storeImporterToken } from './lib/ingest';
import { signIn } from './lib/sign-in';
import { startLocalWorker } from './lib/local-worker';
import { ensureDevVapidKeys } from './lib/dev-vapid';
import { reconcileCron } from '../worker/rollup/schedules';

await ensureDevVapidKeys();
applyMigrations('--local');
const [{ n }] = query<{ n: number }>('SELECT COUNT(*) AS n FROM subjects', '--local');
if (n === 0) {
  console.log('Seeding demo data into the local database…');
  executeScript(await accountsSql(), '--local');
  executeScript(alarmRulesSql(), '--local');
  // Readings live in the station objects, so they go in through the real ingest API of a local Worker.
  const token = storeImporterToken('--local');
  const worker = await startLocalWorker();
  try {
    // The first cron run hands the demo alarm rules to the station objects, so the history below is evaluated.
    await worker.cron();
    console.log("Posting 90 days of readings for the demo stations, a year of the wells' levels (their alarm rules evaluate them)…");
    const now = Date.now();
    const stored = await postDemoReadings(worker.base, token, undefined, now, wellHistoryDays);
    const admin = await signIn(worker.base, demoAccounts.admin);
    const measured = await postDemoWells(worker.base, admin, now);
    console.log(`The wells have references, ${measured} manual measurements, a drift and an offset.`);
    // Each station object flushes its days itself; the roll-up's daily reconciliation makes sure every one has.
    await worker.cron(reconcileCron);
    const [{ alarms }] = query<{ alarms: number }>('SELECT count(*) AS alarms FROM alarms', '--local');
    console.log(`${stored.toLocaleString('en')} readings stored and rolled up; ${alarms} alarms in their history.`);
    const gaugings = await postDemoRatings(worker.base, admin);
    console.log(`The river gauge has two rating versions, a shift and ${gaugings} gaugings.`);
  } finally {
    worker.stop();
  }
  console.log('Demo data ready: admin@hladina.local / hladina-admin, user@hladina.local / hladina-user');
} else {
  console.log('Local database already has data; not seeding again.');
}
