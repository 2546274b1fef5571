import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import viteReact from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import ServersLastSequencer from './tests/support/sequencer';
import { testVapid } from './tests/support/vapid-test-keys';

const migrations = await readD1Migrations('./migrations');

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Every project in one pool of two test workers, so the browser files fill the cores the others leave idle
    // (with the browser project in a group of its own after the others, 40 % of the CPU sat idle for two minutes
    // while one workerd ran the worker files; vitest runs a group's projects only on one shared maxWorkers).
    maxWorkers: 2,
    // The browser and standard-client files last: their servers come up in the background meanwhile.
    sequence: { sequencer: ServersLastSequencer },
    projects: [
      {
        // Pure logic of the Worker's domain and the app's features: plain Node, no Worker runtime, no DOM.
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          // Nothing here keeps state between files, so they share one thread and its imports.
          pool: 'threads',
          isolate: false,
          include: ['tests/domain/**/*.test.ts', 'tests/app/**/*.test.ts'],
          // Password hashing runs on the Worker's node:crypto (nodejs_compat), so its test runs in workerd.
          exclude: ['tests/domain/password.test.ts'],
        },
      },
      {
        // The API-only Worker (no React app to bundle): every `/rest` and SensorThings test, on real D1 and objects.
        // Pages' headers and SSR are the browser project's (tests/e2e/security-headers.test.ts).
        extends: true,
        plugins: [
          cloudflareTest({
            main: './scripts/lib/api-worker.ts',
            wrangler: { configPath: './wrangler.toml' },
            // Dashboards are not kept between calls in tests (each test sees what it just stored); tests/api/dashboard-cache.test.ts
            // turns the cache on for itself.
            // A fixed VAPID pair (tests/api/push.test.ts checks signatures with its public key).
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: migrations,
                DASHBOARD_CACHE_SECONDS: '0',
                STATION_TESTING: 'on',
                ...testVapid,
              },
            },
          }),
        ],
        test: {
          name: 'worker',
          // A runtime is kept across files: a file's own workerd and module loading took longer than its tests. Each
          // file still starts on empty tables (fresh-database.ts).
          isolate: false,
          // Room for a busy two-core machine; no test asserts on time.
          testTimeout: 30_000,
          include: ['tests/api/**/*.test.ts', 'tests/domain/password.test.ts'],
          setupFiles: ['./tests/support/fresh-database.ts'],
        },
      },
      {
        extends: true,
        plugins: [viteReact()],
        test: {
          name: 'app',
          environment: 'jsdom',
          // One jsdom for the few component files (tests/app/setup.ts unmounts and restores after each test).
          pool: 'vmThreads',
          include: ['tests/app/**/*.test.tsx'],
          setupFiles: ['./tests/app/setup.ts'],
        },
      },
      {
        // Compile-time tests (`*.test-d.ts`): vitest's type checker runs tsc over them; a type error fails the test it is in.
        extends: true,
        test: {
          name: 'types',
          include: [],
          typecheck: { enabled: true, only: true, include: ['tests/types/**/*.test-d.ts'], tsconfig: 'tests/types/tsconfig.json' },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['./tests/support/e2e-server.ts'],
          // Files of a test worker share its modules, so its browser and the assets it has fetched (tests/support/e2e.ts);
          // each file still has its own server state by prefix and cleans up after itself.
          isolate: false,
          setupFiles: ['./tests/support/e2e-hooks.ts'],
          // Room for a busy two-core CI machine, where a page load can take seconds; the long checks are split into
          // tests of their own rather than given more.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll waits like a locator does (its default, one second, is a page load on a busy machine).
          expect: { poll: { timeout: 30_000, interval: 100 } },
        },
      },
      {
        // Standard clients from Debian (GDAL's ogrinfo and ogr2ogr, xmllint, influx) against real local servers
        // (tests/clients/server.ts: one server, seeded once; the influx client writes to stations of its own there).
        test: {
          name: 'clients',
          environment: 'node',
          include: ['tests/clients/**/*.test.ts'],
          globalSetup: ['./tests/clients/server.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
