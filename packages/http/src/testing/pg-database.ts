import { createThrowAwayDatabase as createThrowAwayDb, type ThrowAwayDatabase } from '@toydesk/db/testing';

/** A `pg.Pool` behind the limiter's small database interface: @toydesk/db's one pg transaction wrapper. */
export { poolDatabase } from '@toydesk/db/testing';

/** A new, empty database `<prefix>_<random>` on the test server (@toydesk/db's one helper); `drop` removes it. */
export const createThrowAwayDatabase = (prefix = 'toydesk_http'): Promise<ThrowAwayDatabase> =>
  createThrowAwayDb({ prefix });
