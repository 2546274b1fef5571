/**
 * Global setup of the browser tests: builds the app once (for production, as deployed), prepares one database
 * (schema, demo accounts, an importer token) and copies it for each test worker, then serves the built Worker
 * with Miniflare alone (scripts/lib/serve-build.ts) once per test worker, each on a free port with a D1 of its
 * own (never the developer's `.wrangler/`), and seeds each with a little over 30 days of readings through its API.
 * Files run two at a time, each on its worker's server, so no file sees another's stations, accounts or mail.
 *
 * Vitest runs the projects' global setups one after another and starts no file before all are done, so this one
 * only starts the work and returns: the other projects' files run while the app builds (tests/support/sequencer.ts
 * puts the browser files last), and the browser files wait for the servers (`e2eServer()` in ./e2e-ready.ts, which
 * reads what this writes to `e2eServersFile`).
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { insertSql } from '../../scripts/lib/d1';
import type { LocalWorker } from '../../scripts/lib/local-worker';
import { startBuiltWorker } from '../../scripts/lib/preview';
import { accountsSql } from '../../scripts/seed/accounts';
import { demoHistory, postDemoReadings } from '../../scripts/seed/readings';
import { newImporterToken } from '../../worker/domain/telemetry/tokens';
import { reconcileCron } from '../../worker/rollup/schedules';
import { migrate, openE2eDb } from './e2e-db';
import { testVapid } from './vapid-test-keys';

export interface E2eServer {
  baseURL: string;
  stateDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the setup writes the servers (JSON: E2eServer[], or `{ error }`) once they are up. */
    e2eServersFile: string;
  }
}

/** Test workers of the browser project (vitest.config.ts), and so servers. */
const e2eReadingDays = 35;

/**
 * A production build: vitest runs with NODE_ENV=test, under which Vite would bundle React's development build. In a
 * child process, waited for without blocking vitest's own process, which runs the other files meanwhile.
 */
function build() {
  return new Promise<void>((resolve, reject) => {
    const child = spawn('npx', ['vite', 'build'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`))));
  });
}

/** A state directory with the schema, the demo accounts and an importer token; returns the token. */
async function prepareDatabase(stateDir: string) {
  const db = await openE2eDb(stateDir);
  try {
    await migrate(db);
    const { token, row } = newImporterToken();
    await db.run(`${await accountsSql()}\n${insertSql('station_tokens', row)}`);
    return token;
  } finally {
    await db.close();
  }
}

async function serve(stateDir: string, token: string): Promise<E2eServer & { worker: LocalWorker }> {
  // Dashboards are not kept between calls, as in the worker project: a file's screen shows what it just stored, not a
  // dashboard another file on this server had assembled in the last minute.
  const vars = { ...testVapid, DASHBOARD_CACHE_SECONDS: '0' };
  const worker = await startBuiltWorker(stateDir, vars);
  try {
    // Enough for the charts' longest preset (30 days, downsampled); 90 days as in dev would only slow the setup.
    await postDemoReadings(worker.base, token, demoHistory(Date.now(), e2eReadingDays));
    // Each station object flushes its days itself; the roll-up's reconciliation makes sure every one has.
    await worker.cron();
    await worker.cron(reconcileCron);
  } catch (error) {
    worker.stop();
    throw error;
  }
  return { baseURL: worker.base, stateDir, worker };
}

/** Builds the app and serves it `count` times, each server on a database of its own; `stop` ends them all. */
export async function startE2eServers(count: number) {
  await build();
  const first = mkdtempSync(join(tmpdir(), 'hladina-e2e-'));
  const token = await prepareDatabase(first);
  const stateDirs = [first];
  while (stateDirs.length < count) {
    const copy = mkdtempSync(join(tmpdir(), 'hladina-e2e-'));
    cpSync(first, copy, { recursive: true });
    stateDirs.push(copy);
  }
  const started = await Promise.all(stateDirs.map((stateDir) => serve(stateDir, token)));
  const stop = () => {
    for (const { worker, stateDir } of started) {
      worker.stop();
      rmSync(stateDir, { recursive: true, force: true });
    }
  };
  return { servers: started.map(({ baseURL, stateDir }): E2eServer => ({ baseURL, stateDir })), stop };
}

export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'hladina-e2e-ready-'));
  const file = join(dir, 'servers.json');
  // One server per test worker of the project (its maxWorkers in vitest.config.ts).
  const started = startE2eServers(Number(project.config.maxWorkers)).then(
    (up) => {
      writeFileSync(file, JSON.stringify(up.servers));
      return up;
    },
    (error: unknown) => {
      writeFileSync(file, JSON.stringify({ error: String(error) }));
      return null;
    },
  );
  project.provide('e2eServersFile', file);
  return async () => {
    (await started)?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
