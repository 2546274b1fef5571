import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import viteReact from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { e2eWorkers } from './tests/support/e2e-server.ts';
import { appPlugins } from './vite.config.ts';

const migrations = await readD1Migrations('./migrations');

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        plugins: [
          ...appPlugins(),
          cloudflareTest({
            main: './app/server.ts',
            wrangler: { configPath: './wrangler.toml' },
            // Dashboards are not kept between calls in tests (each test sees what it just stored); tests/api/dashboard-cache.test.ts
            // turns the cache on for itself.
            miniflare: { bindings: { TEST_MIGRATIONS: migrations, DASHBOARD_CACHE_SECONDS: '0', STATION_TESTING: 'on' } },
          }),
        ],
        test: {
          name: 'worker',
          include: ['tests/api/**/*.test.ts', 'tests/domain/**/*.test.ts', 'tests/types/**/*.test.ts'],
          setupFiles: ['./tests/support/apply-migrations.ts'],
        },
      },
      {
        extends: true,
        plugins: [viteReact()],
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['tests/app/**/*.test.tsx', 'tests/app/**/*.test.ts'],
          setupFiles: ['./tests/app/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Debian's `influx` client against a local server of its own (tests/clients/influx.test.ts).
          name: 'influx-client',
          environment: 'node',
          include: ['tests/clients/influx.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['./tests/support/e2e-server.ts'],
          // Two files at a time, each on its test worker's own server and database (tests/support/e2e-server.ts).
          maxWorkers: e2eWorkers,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
