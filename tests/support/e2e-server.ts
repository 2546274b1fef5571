/**
 * Global setup of the browser tests: builds the app, gives it a D1 of its own (never the developer's
 * `.wrangler/`), seeds the demo accounts with a little over 30 days of readings and serves the built Worker
 * with `wrangler dev` on a free port.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { applyMigrations, executeScript } from '../../scripts/lib/d1';
import { accountsSql } from '../../scripts/seed/accounts';
import { readingsSql } from '../../scripts/seed/readings';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    stateDir: string;
  }
}

const e2eReadingDays = 35;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

async function waitForServer(url: string, server: ChildProcess, log: () => string) {
  for (let attempt = 0; attempt < 240; attempt++) {
    if (server.exitCode !== null) throw new Error(`wrangler dev exited early:\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the app did not answer at ${url}:\n${log()}`);
}

export default async function setup(project: TestProject) {
  execFileSync('npm', ['run', 'build', '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const stateDir = mkdtempSync(join(tmpdir(), 'hladina-e2e-'));
  applyMigrations('--local', stateDir);
  executeScript(await accountsSql(), '--local', stateDir);
  // Enough for the charts' longest preset (30 days, downsampled); 90 days as in dev would only slow the setup.
  executeScript(readingsSql(Date.now(), 'Europe/Prague', e2eReadingDays), '--local', stateDir);

  const port = await freePort();
  let output = '';
  const server = spawn(
    'npx',
    ['wrangler', 'dev', '-c', 'dist/server/wrangler.json', '--ip', '127.0.0.1', '--port', String(port), '--persist-to', stateDir, '--show-interactive-dev-session=false'],
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' } },
  );
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(`${baseURL}/login`, server, () => output);
  } catch (error) {
    process.kill(-server.pid!, 'SIGTERM');
    throw error;
  }
  project.provide('baseURL', baseURL);
  project.provide('stateDir', stateDir);

  return () => {
    // The server was started in its own process group, so this ends wrangler and its workerd child only.
    process.kill(-server.pid!, 'SIGTERM');
    rmSync(stateDir, { recursive: true, force: true });
  };
}
