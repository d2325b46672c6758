/**
 * The one place apps/bots reaches into apps/server: its database layer, migrations, vault and audit writer,
 * which the bot services share with the API server (same tables, same master key). Nothing from the
 * server's HTTP layer, handlers or resources is imported.
 */
export type { Database, Queryable, Row } from '../../server/src/db/database.ts';
export { openDatabase } from '../../server/src/db/open-database.ts';
export { openPgliteDatabase } from '../../server/src/db/pglite-database.ts';
export { openPostgresDatabase } from '../../server/src/db/postgres-database.ts';
export { migrate } from '../../server/src/db/migrate.ts';
export { loadVault } from '../../server/src/vault/load-vault.ts';
export { maskSql, type Vault } from '../../server/src/vault/vault.ts';
export { writeAudit } from '../../server/src/audit/audit-log.ts';
// ?format=csv of the bot services' paged lists, written like the API's.
export {
  BOT_CSV_MAX_ROWS,
  csvDocument,
  csvFileName,
  wantsCsv,
} from '../../server/src/resources/csv-export.ts';
// Spend guards and spending calls (migration 015): one store for the proxy and the loops.
export {
  checkSpend,
  listSpendGuardViews,
  listSpends,
  loadSpendGuard,
  recordDoneSpend,
  reserveSpend,
  saveSpendGuard,
  settleSpend,
  spendGuardView,
  spentToday,
  type SpendRequest,
  type UnsettledSpend,
} from '../../server/src/spend/spend-store.ts';
