import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
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
            miniflare: { bindings: { TEST_MIGRATIONS: migrations } },
          }),
        ],
        test: {
          name: 'worker',
          include: ['tests/api/**/*.test.ts', 'tests/domain/**/*.test.ts'],
          setupFiles: ['./tests/support/apply-migrations.ts'],
        },
      },
    ],
  },
});
