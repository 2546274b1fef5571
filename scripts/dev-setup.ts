/** `npm run dev` prelude: apply migrations to the local D1 and seed demo data once. */
import { accountsSql } from './seed/accounts';
import { postDemoReadings } from './seed/readings';
import { applyMigrations, executeScript, query } from './lib/d1';
import { storeImporterToken } from './lib/ingest';
import { startLocalWorker } from './lib/local-worker';

applyMigrations('--local');
const [{ n }] = query<{ n: number }>('SELECT COUNT(*) AS n FROM subjects', '--local');
if (n === 0) {
  console.log('Seeding demo data into the local database…');
  executeScript(await accountsSql(), '--local');
  // Readings live in the station objects, so they go in through the real ingest API of a local Worker.
  const token = storeImporterToken('--local');
  const worker = await startLocalWorker();
  try {
    console.log('Posting 90 days of readings for the demo stations…');
    const stored = await postDemoReadings(worker.base, token);
    await worker.cron();
    console.log(`${stored.toLocaleString('en')} readings stored and rolled up.`);
  } finally {
    worker.stop();
  }
  console.log('Demo data ready: admin@hladina.local / hladina-admin, user@hladina.local / hladina-user');
} else {
  console.log('Local database already has data; not seeding again.');
}
