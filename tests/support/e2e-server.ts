/**
 * Global setup of the browser tests: builds the app once, then serves the built Worker with `wrangler dev` once
 * per test worker, each on a free port with a D1 of its own (never the developer's `.wrangler/`) seeded with the
 * demo accounts and a little over 30 days of readings. Files run two at a time, each on its worker's server, so
 * no file sees another's stations, accounts or mail.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { applyMigrations, executeScript } from '../../scripts/lib/d1';
import { storeImporterToken } from '../../scripts/lib/ingest';
import { startLocalWorker, type LocalWorker } from '../../scripts/lib/local-worker';
import { accountsSql } from '../../scripts/seed/accounts';
import { postDemoReadings } from '../../scripts/seed/readings';
import { reconcileCron } from '../../worker/rollup/schedules';

export interface E2eServer {
  baseURL: string;
  stateDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eServers: E2eServer[];
  }
}

/** Test workers of the browser project (vitest.config.ts), and so servers. */
export const e2eWorkers = 2;
const e2eReadingDays = 35;

async function serve(accounts: string): Promise<E2eServer & { worker: LocalWorker }> {
  const stateDir = mkdtempSync(join(tmpdir(), 'hladina-e2e-'));
  applyMigrations('--local', stateDir);
  executeScript(accounts, '--local', stateDir);
  const token = storeImporterToken('--local', stateDir);
  const worker = await startLocalWorker({ entry: null, config: 'dist/server/wrangler.json', persistTo: stateDir });
  try {
    // Enough for the charts' longest preset (30 days, downsampled); 90 days as in dev would only slow the setup.
    await postDemoReadings(worker.base, token, e2eReadingDays);
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
  execFileSync('npm', ['run', 'build', '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const accounts = await accountsSql();
  const started = await Promise.all(Array.from({ length: count }, () => serve(accounts)));
  const stop = () => {
    for (const { worker, stateDir } of started) {
      worker.stop();
      rmSync(stateDir, { recursive: true, force: true });
    }
  };
  return { servers: started.map(({ baseURL, stateDir }): E2eServer => ({ baseURL, stateDir })), stop };
}

export default async function setup(project: TestProject) {
  const { servers, stop } = await startE2eServers(e2eWorkers);
  project.provide('e2eServers', servers);
  return stop;
}
