/**
 * Global setup of the browser tests: builds the app, gives it a D1 of its own (never the developer's
 * `.wrangler/`), seeds the demo accounts with a little over 30 days of readings and serves the built Worker
 * with `wrangler dev` on a free port.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { applyMigrations, executeScript } from '../../scripts/lib/d1';
import { storeImporterToken } from '../../scripts/lib/ingest';
import { startLocalWorker } from '../../scripts/lib/local-worker';
import { accountsSql } from '../../scripts/seed/accounts';
import { postDemoReadings } from '../../scripts/seed/readings';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    stateDir: string;
  }
}

const e2eReadingDays = 35;

export default async function setup(project: TestProject) {
  execFileSync('npm', ['run', 'build', '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const stateDir = mkdtempSync(join(tmpdir(), 'hladina-e2e-'));
  applyMigrations('--local', stateDir);
  executeScript(await accountsSql(), '--local', stateDir);
  const token = storeImporterToken('--local', stateDir);

  const server = await startLocalWorker({ entry: null, config: 'dist/server/wrangler.json', persistTo: stateDir });
  const baseURL = server.base;
  try {
    // Enough for the charts' longest preset (30 days, downsampled); 90 days as in dev would only slow the setup.
    await postDemoReadings(baseURL, token, e2eReadingDays);
    await server.cron();
  } catch (error) {
    server.stop();
    throw error;
  }
  project.provide('baseURL', baseURL);
  project.provide('stateDir', stateDir);

  return () => {
    server.stop();
    rmSync(stateDir, { recursive: true, force: true });
  };
}
