/**
 * The production build (`npm run build`) served by `vite preview` on a loopback port, with a local D1 and objects of
 * its own (HLADINA_STATE, read by vite.config.ts): what the benchmarks time. `wrangler d1` commands reach the same
 * state with `--persist-to` the same directory.
 */
import { execFileSync, spawn } from 'node:child_process';
import { freePort, type LocalWorker } from './local-worker';
import { fiveMinuteCron } from '../../worker/rollup/schedules';
import { processCpuSeconds } from './cpu';

/** Builds the app unless `HLADINA_NO_BUILD` is set (a build from the same tree already in dist/). */
export function buildOnce() {
  if (process.env.HLADINA_NO_BUILD) return;
  console.log('Building the production bundle (npm run build) …');
  execFileSync('npm', ['run', 'build', '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
}

export async function startPreview(stateDir: string): Promise<LocalWorker> {
  const port = await freePort();
  const child = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HLADINA_STATE: stateDir, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const stop = () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  };
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`vite preview exited early:\n${output}`);
    try {
      if ((await fetch(`${base}/rest/openapi.json`)).ok) break;
    } catch {
      // not yet
    }
    if (attempt > 240) {
      stop();
      throw new Error(`the preview did not answer at ${base}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const cron = async (expression = fiveMinuteCron) => {
    const res = await fetch(`${base}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(expression)}`);
    if (!res.ok) throw new Error(`cron trigger failed: HTTP ${res.status}`);
  };
  return { base, cron, stop, cpuSeconds: () => processCpuSeconds(child.pid!) };
}
