import { defineConfig } from 'vitest/config';

// The server suite runs twice: once on embedded PGlite and once on the real PostgreSQL server
// (TOYDESK_TEST_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres), a fresh database per file.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server-pglite',
          include: ['apps/server/src/**/*.test.ts'],
          env: { TOYDESK_TEST_DB: 'pglite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'server-postgres',
          include: ['apps/server/src/**/*.test.ts'],
          env: { TOYDESK_TEST_DB: 'postgres' },
        },
      },
    ],
  },
});
