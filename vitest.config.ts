import { fileURLToPath } from 'node:url';

import { configDefaults, defineConfig } from 'vitest/config';

const webSrc = fileURLToPath(new URL('./apps/web/src', import.meta.url));

// The database, server and bots suites run twice: once on embedded PGlite and once on the real PostgreSQL server
// (TOYDESK_TEST_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres), a fresh database per file.
export default defineConfig({
  test: {
    // Vitest's default is one worker on two cores; most files wait on PostgreSQL, queues and child
    // processes, so two overlap those waits (15 -> 10 minutes for the projects besides web-e2e).
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts'],
          // packages/db's tests need a database: db-pglite and db-postgres run them on each.
          exclude: [...configDefaults.exclude, 'packages/db/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'db-pglite',
          include: ['packages/db/src/**/*.test.ts'],
          env: { TOYDESK_TEST_DB: 'pglite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'db-postgres',
          include: ['packages/db/src/**/*.test.ts'],
          env: { TOYDESK_TEST_DB: 'postgres' },
        },
      },
      {
        extends: true,
        test: {
          name: 'server-pglite',
          // apps/demo boots the server with its demo data: its tests run with the server's, on both databases.
          include: ['apps/server/src/**/*.test.ts', 'apps/demo/src/**/*.test.ts', 'deploy/**/*.test.ts'],
          env: { TOYDESK_TEST_DB: 'pglite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'server-postgres',
          include: ['apps/server/src/**/*.test.ts', 'apps/demo/src/**/*.test.ts', 'deploy/**/*.test.ts'],
          env: { TOYDESK_TEST_DB: 'postgres' },
        },
      },
      {
        extends: true,
        test: {
          name: 'bots-pglite',
          include: ['apps/bots/src/**/*.test.ts'],
          env: { TOYDESK_TEST_DB: 'pglite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'bots-postgres',
          include: ['apps/bots/src/**/*.test.ts'],
          env: { TOYDESK_TEST_DB: 'postgres' },
        },
      },
      {
        extends: true,
        esbuild: { jsx: 'automatic' },
        resolve: { alias: { '@': webSrc } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        // The console in Debian's Chromium against the real server (apps/web/e2e, playwright-core).
        extends: true,
        test: {
          name: 'web-e2e',
          include: ['apps/web/e2e/**/*.e2e.test.ts'],
          // One server with demo data for every file (apps/web/e2e/README.md); the files take turns on it.
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          // fileParallelism is a root-only option; one fork runs this project's files in turn.
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
          // After-hooks in reverse order (Vitest's default, stated because e2e/console-suite.ts relies on it):
          // a file's clean-up runs while its console is still open.
          sequence: { hooks: 'stack' },
          testTimeout: 180_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
