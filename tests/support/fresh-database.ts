/**
 * Setup of each worker-project file. Files share a runtime (vitest.config.ts: starting workerd and loading the
 * Worker's modules per file cost more than the tests), so each starts here on the schema with every table empty.
 * Ids keep counting (sqlite_sequence is kept): no file meets a station's or subject's object another file left behind.
 */
import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { forgetTokenIssuer } from './make';

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

const { results: tables } = await env.DB.prepare(
  `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('d1_migrations', 'sqlite_sequence')
     AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'`,
).all<{ name: string }>();
// Deferred, so the order of the deletes does not matter to the foreign keys: the batch is one transaction.
await env.DB.batch([
  env.DB.prepare('PRAGMA defer_foreign_keys = on'),
  ...tables.map(({ name }) => env.DB.prepare(`DELETE FROM "${name}"`)),
]);
forgetTokenIssuer();
