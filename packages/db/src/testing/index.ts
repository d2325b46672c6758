/** @toydesk/db/testing: helpers for tests only; production entry points never import this. */
export { openTestDatabase, TEST_PG_URL } from './test-database.ts';
