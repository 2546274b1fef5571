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

/** `persistTo` points local commands at a state directory of their own (the browser tests use one). */
const where = (target: Target, persistTo?: string) => (persistTo ? [target, '--persist-to', persistTo] : [target]);

export const applyMigrations = (target: Target, persistTo?: string) =>
  wrangler(['d1', 'migrations', 'apply', 'DB', ...where(target, persistTo)]);

/** Runs one query and returns its rows. */
export function query<T>(sql: string, target: Target, persistTo?: string): T[] {
  const out = wrangler(['d1', 'execute', 'DB', ...where(target, persistTo), '--json', '--command', sql]);
  return (JSON.parse(out) as { results: T[] }[])[0].results;
}

/** Runs a whole SQL script from a temporary file (large seeds do not fit on a command line). */
export function executeScript(sql: string, target: Target, persistTo?: string) {
  const file = join(mkdtempSync(join(tmpdir(), 'hladina-')), 'script.sql');
  writeFileSync(file, sql);
  wrangler(['d1', 'execute', 'DB', ...where(target, persistTo), '--yes', '--file', file]);
}

export const sqlValue = (v: string | number | boolean | null) =>
  v === null ? 'NULL' : typeof v === 'number' ? String(v) : typeof v === 'boolean' ? (v ? '1' : '0') : `'${v.replaceAll("'", "''")}'`;

export const insertSql = (table: string, row: Record<string, string | number | boolean | null>) =>
  `INSERT INTO ${table} (${Object.keys(row).join(', ')}) VALUES (${Object.values(row).map(sqlValue).join(', ')});`;
