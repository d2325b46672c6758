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
