/** @toydesk/db/testing: helpers for tests and benches only; production entry points never import this. */
export {
  createThrowAwayDatabase,
  dropDatabase,
  openTestDatabase,
  TEST_PG_URL,
  testDbKind,
  type TestDatabase,
  type ThrowAwayDatabase,
} from './test-database.ts';
// A pool of a test's own (a worker process, a pool without the Database's type parsers) behind the same
// queries and transaction wrapper as the PostgreSQL Database.
export { poolDatabase } from '../postgres-database.ts';
