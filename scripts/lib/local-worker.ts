import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fiveMinuteCron } from '../../worker/rollup/schedules';
import { processCpuSeconds } from './cpu';

/**
 * Where a local server runs the cron handler once: Miniflare's own path, which `wrangler dev` and `vite preview` pass
 * on to it as well (their `/cdn-cgi/handler/scheduled` does not reach a build served by Miniflare alone).
 */
export const cronTriggerPath = '/cdn-cgi/local/scheduled';

/** Ports handed out by this process: a port just closed can come back from the next probe, before its server binds it. */
const handedOut = new Set<number>();

const probePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** A free loopback port, never one this process has handed out before (two servers starting at once got the same one). */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await probePort();
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

export interface LocalWorker {
  base: string;
  /** CPU seconds used so far by the local server's processes (wrangler and workerd), for a per-request upper bound. */
  cpuSeconds: () => number;
  /** Runs the cron handler once, as its trigger would (the five-minute one unless told), and waits for it. */
  cron: (expression?: string) => Promise<void>;
  stop: () => void;
  /** The end of what the server printed: why it went away, when it did. */
  lastOutput: () => string;
}

export interface LocalWorkerOptions {
  /** The Worker entry (default: the API-only one), under wrangler.toml. */
  entry?: string;
  /** Local state directory; wrangler's default `.wrangler/state` is the dev database. */
  persistTo?: string;
  /** Vars that override wrangler.toml's (`--var NAME:VALUE`). */
  vars?: Record<string, string>;
}

/** Serves a Worker with `wrangler dev` on a free loopback port and waits until it answers. */
export async function startLocalWorker(options: LocalWorkerOptions = {}): Promise<LocalWorker> {
  const port = await freePort();
  // Wrangler would pick the devtools port by probing from 9229, which races when two servers start at once.
  const inspectorPort = await freePort();
  const args = ['wrangler', 'dev', options.entry ?? 'scripts/lib/api-worker.ts'];
  // An explicit config keeps wrangler from following a `vite build`'s redirect to the bundled app.
  args.push(
    '--config',
    'wrangler.toml',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--inspector-port',
    String(inspectorPort),
    '--show-interactive-dev-session=false',
  );
  if (options.persistTo) args.push('--persist-to', options.persistTo);
  for (const [name, value] of Object.entries(options.vars ?? {})) args.push('--var', `${name}:${value}`);
  const worker = spawn('npx', args, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' },
  });
  return served(worker, port, 'wrangler dev');
}

/**
 * A local server spawned (detached, its output piped) on `port`, once it answers: its address, the cron trigger,
 * stop and CPU. Each probe gives up after 5 s, so a server that accepts and never answers fails instead of hanging.
 */
export async function served(child: ChildProcess, port: number, what: string): Promise<LocalWorker> {
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const stop = () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  };
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`${what} exited early:\n${output}`);
    try {
      if ((await fetch(`${base}/rest/openapi.json`, { signal: AbortSignal.timeout(5000) })).ok) break;
    } catch {
      // not yet
    }
    if (attempt > 240) {
      stop();
      throw new Error(`${what} did not answer at ${base}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const cron = async (expression = fiveMinuteCron) => {
    const res = await fetch(`${base}${cronTriggerPath}?cron=${encodeURIComponent(expression)}`);
    if (!res.ok) throw new Error(`cron trigger failed: HTTP ${res.status}`);
  };
  return { base, cron, stop, cpuSeconds: () => processCpuSeconds(child.pid!), lastOutput: () => output.slice(-4000) };
}
