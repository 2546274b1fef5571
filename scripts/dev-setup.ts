/** `npm run dev` prelude: apply migrations to the local D1 and seed demo data once. */
import { accountsSql } from './seed/accounts';
import { readingsSql } from './seed/readings';
import { applyMigrations, executeScript, query } from './lib/d1';

applyMigrations('--local');
const [{ n }] = query<{ n: number }>('SELECT COUNT(*) AS n FROM subjects', '--local');
if (n === 0) {
  console.log('Seeding demo data into the local database…');
  executeScript(await accountsSql(), '--local');
  console.log('Writing 90 days of readings for the demo stations…');
  executeScript(readingsSql(), '--local');
  console.log('Demo data ready: admin@hladina.local / hladina-admin, user@hladina.local / hladina-user');
} else {
  console.log('Local database already has data; not seeding again.');
}
