/**
 * The browser tests' D1, opened from Node through wrangler's platform proxy on the same local files that
 * the browser tests' server (scripts/lib/serve-build.ts) serves from <stateDir>: one local runtime for many
 * statements, where each `wrangler d1 execute` would start Node, wrangler and a runtime of its own.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readD1Migrations } from '@cloudflare/vitest-plugin';
import { getPlatformProxy, unstable_splitSqlQuery as splitSql, unstable_readConfig as readConfig } from 'wrangler';

export interface E2eDb {
  /** Runs a script of statements (`;`-separated) as one batch: all or nothing. */
  run(sql: string): Promise<void>;
  /** The rows of one query. */
  query<T>(sql: string): Promise<T[]>;
  close(): Promise<void>;
}

/** A config with wrangler.toml's database and nothing else (its objects' classes live in the Worker, which the proxy does not run). */
function databaseOnlyConfig(stateDir: string) {
  const { name, compatibility_date, d1_databases } = readConfig({ config: 'wrangler.toml' });
  const file = join(stateDir, 'wrangler.json');
  writeFileSync(file, JSON.stringify({ name, compatibility_date, d1_databases }));
  return file;
}

/**
 * The server's own process writes the same SQLite file: a statement that meets its lock fails whole ("internal
 * error", or SQLITE_BUSY when the server holds it longer) and is tried again, a little later each time.
 */
async function whileLocked<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (tries === 6 || !/internal error|SQLITE_BUSY/.test(String(error))) throw error;
      await new Promise((wake) => setTimeout(wake, 250 * tries));
    }
  }
}

export async function openE2eDb(stateDir: string): Promise<E2eDb> {
  // Local state lies under <stateDir>/v3, as wrangler lays it out; the proxy takes that directory itself.
  const proxy = await getPlatformProxy<{ DB: D1Database }>({
    configPath: databaseOnlyConfig(stateDir),
    persist: { path: join(stateDir, 'v3') },
    remoteBindings: false,
  });
  const db = proxy.env.DB;
  return {
    async run(sql) {
      await whileLocked(() => db.batch(splitSql(sql).map((statement) => db.prepare(statement))));
    },
    async query<T>(sql: string) {
      return (await whileLocked(() => db.prepare(sql).all<T>())).results;
    },
    close: () => proxy.dispose(),
  };
}

/** Creates the schema of every migration in a fresh database (as `wrangler d1 migrations apply` would). */
export async function migrate(db: E2eDb) {
  for (const { queries } of await readD1Migrations('./migrations')) await db.run(queries.join(';\n'));
}
