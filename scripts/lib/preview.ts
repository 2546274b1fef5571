/**
 * The production build (`npm run build`) served by `vite preview` on a loopback port, with a local D1 and objects of
 * its own (HLADINA_STATE, read by vite.config.ts): what the benchmarks time. `wrangler d1` commands reach the same
 * state with `--persist-to` the same directory.
 */
import { execFileSync, spawn } from 'node:child_process';
import { freePort, served, type LocalWorker } from './local-worker';

let built = false;

/** Builds the app once per run unless `HLADINA_NO_BUILD` is set (a build from the same tree already in dist/). */
export function buildOnce() {
  if (process.env.HLADINA_NO_BUILD || built) return;
  built = true;
  console.log('Building the production bundle (npm run build) …');
  execFileSync('npm', ['run', 'build', '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
}

export async function startPreview(stateDir: string): Promise<LocalWorker> {
  const port = await freePort();
  const child = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HLADINA_STATE: stateDir, WRANGLER_SEND_METRICS: 'false' },
  });
  return served(child, port, 'vite preview');
}

/**
 * The same build served by Miniflare alone (./serve-build.ts), as the browser tests serve it: no proxy in front of the
 * Worker. For replies too large for `vite preview`'s proxy too: a year of WaterML in one document fails there with
 * "fetch failed" while the Worker answers it. `vars` override the build's (`NAME` → value).
 */
export async function startBuiltWorker(stateDir: string, vars: Record<string, string> = {}): Promise<LocalWorker> {
  const port = await freePort();
  const args = ['tsx', 'scripts/lib/serve-build.ts', '--port', String(port), '--persist-to', stateDir];
  for (const [name, value] of Object.entries(vars)) args.push('--var', `${name}:${value}`);
  const child = spawn('npx', args, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });
  return served(child, port, 'the built Worker');
}
