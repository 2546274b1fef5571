import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type Target = '--local' | '--remote';

const wrangler = (args: string[]) =>
  execFileSync('npx', ['wrangler', ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' },
    maxBuffer: 256 * 1024 * 1024,
  });

export const applyMigrations = (target: Target) => wrangler(['d1', 'migrations', 'apply', 'DB', target]);

/** Runs one query and returns its rows. */
export function query<T>(sql: string, target: Target): T[] {
  const out = wrangler(['d1', 'execute', 'DB', target, '--json', '--command', sql]);
  return (JSON.parse(out) as { results: T[] }[])[0].results;
}

/** Runs a whole SQL script from a temporary file (large seeds do not fit on a command line). */
export function executeScript(sql: string, target: Target) {
  const file = join(mkdtempSync(join(tmpdir(), 'hladina-')), 'script.sql');
  writeFileSync(file, sql);
  wrangler(['d1', 'execute', 'DB', target, '--yes', '--file', file]);
}

export const sqlValue = (v: string | number | boolean | null) =>
  v === null ? 'NULL' : typeof v === 'number' ? String(v) : typeof v === 'boolean' ? (v ? '1' : '0') : `'${v.replaceAll("'", "''")}'`;

export const insertSql = (table: string, row: Record<string, string | number | boolean | null>) =>
  `INSERT INTO ${table} (${Object.keys(row).join(', ')}) VALUES (${Object.values(row).map(sqlValue).join(', ')});`;
