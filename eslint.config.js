import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The one boundary between the app and the Worker (docs/decisions/0006, 0026): code that can run in the browser
// takes only the Worker's contracts and shared/; the server functions under app/server/ alone reach its domain and data.
const workerInternals = {
  group: ['**/worker/**', '!**/worker/contracts', '!**/worker/contracts/**'],
  message:
    'Browser code imports from the Worker only its contracts (worker/contracts/), besides shared/. Call a server function in app/server/ instead.',
};
// What the browser loads must not pull in the database, HTTP or the runtime.
const runtimeOnly = {
  group: ['drizzle-orm', 'drizzle-orm/*', 'hono', 'hono/*', 'cloudflare:*', 'node:*'],
  message: 'Contracts and shared/ must stay importable by the browser.',
};
const serverOnly = {
  group: ['cloudflare:*', '@tanstack/react-start/server', '**/*.server', '**/*.server.ts'],
  message: 'Server-only code is reached through the server functions in app/server/.',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      '.wrangler',
      '.tanstack',
      'app/paraglide',
      'app/routeTree.gen.ts',
      'worker-configuration.d.ts',
      'migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // One way to D1: every statement lives in worker/db/ (docs/decisions/0014).
    files: ['app/**', 'worker/**', 'shared/**', 'scripts/**'],
    ignores: ['worker/db/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='prepare']",
          message: 'D1 statements live in worker/db/ (one module per aggregate), written with drizzle.',
        },
      ],
    },
  },
  {
    files: ['app/**'],
    ignores: ['app/server/**', 'app/server.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [workerInternals, serverOnly] }] },
  },
  {
    // The server functions' modules are read by the client build too (its server-function lookup, in dev), which
    // cannot resolve the Worker's runtime: only the *.server.ts modules, which it leaves out, import it.
    files: ['app/server/**'],
    ignores: ['app/server/**/*.server.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['cloudflare:*'], message: 'Import the Worker runtime in a *.server.ts module and call it from here.' }] },
      ],
    },
  },
  {
    // Cookies (layout preferences, the charts' point budget) are read from the request during SSR (an isomorphic function).
    files: ['app/lib/cookie.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [workerInternals] }] },
  },
  {
    // Contracts are what the browser may import: nothing in them may pull in the database, HTTP or the runtime.
    files: ['worker/contracts/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'Take z from ./zod, which configures it for the page policy.' }],
          patterns: [
            { regex: '^\\.\\./(?!\\.\\./shared/)', message: 'Contracts import only zod, shared/ and other contracts.' },
            runtimeOnly,
          ],
        },
      ],
    },
  },
  {
    // What both sides compute (docs/decisions/0026): npm packages and its own modules only (dependency-cruiser keeps it off worker/ and app/).
    files: ['shared/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [runtimeOnly] }] },
  },
  {
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
