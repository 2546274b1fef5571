/**
 * Serves the production build (`dist/server`, as `vite build` leaves it) with Miniflare alone, for the browser tests
 * and the benchmarks: `tsx scripts/lib/serve-build.ts --port N --persist-to DIR [--var NAME:VALUE …]`. What
 * `wrangler dev` runs besides the Worker (a proxy Worker in a second workerd in front of it, and a DevTools session
 * from its Node process) cost each request about 7 ms of CPU on top of the Worker's own 10 (docs/decisions/0048).
 * The bindings, vars, secrets (`.dev.vars`), assets and their `_headers` come from the build's wrangler.json as
 * wrangler reads them; the state directory has wrangler's layout (`DIR/v3`), so `wrangler d1` reaches the same D1.
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'persist-to': { type: 'string' },
    var: { type: 'string', multiple: true, default: [] },
  },
});
if (!values.port || !values['persist-to']) throw new Error('usage: serve-build.ts --port N --persist-to DIR [--var NAME:VALUE …]');

const root = resolve('dist/server');
const { workerOptions } = unstable_getMiniflareWorkerOptions(join(root, 'wrangler.json'));
// The build is bundled already: its modules are listed as they are, not found by wrangler's rules.
const { modulesRules: _rules, rootPath: _root, bindings, ...options } = workerOptions;
const modules = [
  'index.js',
  ...readdirSync(join(root, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => join('assets', f)),
];
const vars = Object.fromEntries(values.var.map((pair) => [pair.slice(0, pair.indexOf(':')), pair.slice(pair.indexOf(':') + 1)]));

const miniflare = new Miniflare(
  convertV4MiniflareOptions({
    host: '127.0.0.1',
    port: Number(values.port),
    resourcePersistencePath: join(resolve(values['persist-to']), 'v3'),
    // The placeholder `cf` object: nothing downloaded from workers.cloudflare.com (vite.config.ts says why).
    cf: false,
    // `/cdn-cgi/local/scheduled` runs the cron handler (cronTriggerPath in ./local-worker.ts).
    unsafeTriggerHandlers: true,
    workers: [
      {
        ...options,
        bindings: { ...(bindings ?? {}), ...vars },
        modulesRoot: root,
        modules: modules.map((path) => ({ type: 'ESModule' as const, path: join(root, path) })),
      },
    ],
  }),
);
console.log(`Ready on ${(await miniflare.ready).href}`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void miniflare.dispose().finally(() => process.exit(0)));
