/**
 * `npm run dev` prelude: apply migrations to the local D1 and seed demo data once; on a database seeded before, the
 * demo stations' series are continued up to now, so the screens do not show every station stale.
 */
import { accountsSql, demoAccounts, demoStations } from './seed/accounts';
import { alarmRulesSql } from './seed/alarm-rules';
import { postDemoRatings } from './seed/ratings';
import { demoDays, demoHistory, postDemoReadings, seededDemoHistory, type DemoHistory } from './seed/readings';
import { isDemoWell, postDemoWells, wellHistoryDays } from './seed/wells';
import { applyMigrations, executeScript, query } from './lib/d1';
import { storeImporterToken } from './lib/ingest';
import { signIn } from './lib/sign-in';
import { startLocalWorker } from './lib/local-worker';
import { ensureDevVapidKeys } from './lib/dev-vapid';
import { reconcileCron } from '../worker/rollup/schedules';
import { keySpan } from '../worker/db/rollup-layout';

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
    const stored = await postDemoReadings(worker.base, token, demoHistory(now, demoDays, wellHistoryDays));
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
  await continueDemoSeries();
}

/**
 * The history the demo stations were seeded with, read back from the roll-up (the first report of a station that is
 * no well is where its 90 days began), and each one's newest report the roll-up holds.
 */
function seededHistory(): { history: DemoHistory; newest: Map<string, number> } | null {
  const rows = query<{ uniqueId: string; first: number; last: number }>(
    `SELECT i.unique_id AS uniqueId, min(r.first_ts) AS first, max(r.last_ts) AS last FROM items i
       JOIN (SELECT id, first_ts, last_ts FROM station_days UNION ALL SELECT id, first_ts, last_ts FROM station_months) r
         ON r.id BETWEEN i.id * ${keySpan} AND i.id * ${keySpan} + ${keySpan - 1}
     GROUP BY i.id`,
    '--local',
  );
  const demo = rows.filter((r) => demoStations.some((s) => s.unique_id === r.uniqueId));
  const starts = demo.filter((r) => !isDemoWell(demoStations.find((s) => s.unique_id === r.uniqueId)!.id)).map((r) => r.first);
  if (!starts.length) return null;
  return { history: seededDemoHistory(Math.min(...starts)), newest: new Map(demo.map((r) => [r.uniqueId, r.last])) };
}

/** Posts what the demo stations would have reported since their newest report up to now, and rolls it up. */
async function continueDemoSeries() {
  const seeded = seededHistory();
  const until = demoHistory(Date.now()).end;
  const since = seeded && Math.min(...seeded.newest.values());
  if (!seeded || since === null || since >= until) return;
  console.log(`Continuing the demo stations' readings from ${new Date(since).toISOString()} up to now…`);
  const token = storeImporterToken('--local');
  const worker = await startLocalWorker();
  try {
    const stored = await postDemoReadings(worker.base, token, seeded.history, { until, after: seeded.newest });
    await worker.cron(reconcileCron);
    console.log(`${stored.toLocaleString('en')} readings added and rolled up.`);
  } finally {
    worker.stop();
  }
}
