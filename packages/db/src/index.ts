/**
 * @toydesk/db: the database layer the server and the bots share (same tables, same master key). The
 * throw-away test database is `@toydesk/db/testing`, never exported from here.
 */
export type { Database, Queryable, ResultColumn, Row } from './database.ts';
export { rowJsonSql, streamRowJson } from './row-json.ts';
export { ADVISORY_LOCKS } from './database.ts';
export { openDatabase } from './open-database.ts';
export { openPgliteDatabase } from './pglite-database.ts';
export { openPostgresDatabase } from './postgres-database.ts';
export { assertMigrated, migrate, MIGRATIONS_DIR } from './migrate.ts';

// The secrets vault (AES-GCM under the master key) and how the server and bots load it.
export {
  createVault,
  generateMasterKey,
  MASK,
  maskSql,
  maskStoredSecret,
  parseMasterKey,
  parseOldMasterKeys,
  vaultOperations,
  type Vault,
  type VaultPlace,
} from './vault/vault.ts';
export { loadVault } from './vault/load-vault.ts';
export { sealedPlace, SEALED_COLUMNS, type SealedColumn, type SealedTable } from './vault/sealed-columns.ts';
export { reserveRowId, reserveRowIds } from './vault/reserve-row-id.ts';
export {
  foldDataVersionParts,
  readDataVersion,
  VersionedCache,
  type CachedValue,
  type VersionedTable,
} from './data-version/versioned-cache.ts';
export { countUnrotated, rotateVault, type RotationReport } from './vault/rotate-vault.ts';

// What /metrics reads from the database at each scrape (queue backlog, loop lag, alerts, deliveries).
export {
  readLaneBacklogs,
  readOpenAlerts,
  readTradingLag,
  readUnfinishedDeliveries,
  type LaneBacklog,
} from './repositories/bot-metrics.ts';

// The audit log's writer (every change by the console, the proxy and the bots).
export { auditNameSql, writeAudit, type AuditAction, type AuditEntryInput } from './audit/audit-log.ts';

// Spend guards and spending calls (migration 015): one store for the market proxy and the loops.
export {
  checkSpend,
  claimDueSpendChecks,
  findSpend,
  listSpendGuardViews,
  listSpends,
  loadSpendForCheck,
  loadSpendGuard,
  recordDoneSpend,
  reserveSpend,
  saveSpendGuard,
  settleSpend,
  spendGuardView,
  spentToday,
  type Reservation,
  type SpendRequest,
  type UnsettledSpend,
} from './spend/spend-store.ts';
export { raiseSpendAlert, type SpendAlertKind } from './spend/spend-alert.ts';

// Repositories: one per entity.
export {
  listDeliveries,
  markFinal,
  markSent,
  markTradeReady,
  notePending,
  noteSteamState,
  openDeliveries,
  type DeliveryFilter,
  type DeliveryRow,
  type SoldDeal,
} from './repositories/deliveries.ts';
export {
  loadMarketAccount,
  loadMarketAccounts,
  listMarketAccountLoopStates,
  loadMarketAccountMarket,
  markMarketAccountOnline,
  moveMarketAccountBalance,
  switchMarketAccountLoopOff,
  loadMarketAccountsWithKey,
  listMarketsWithActiveKey,
  listMarketAccountKeysAndBalances,
  marketAccountExists,
  MARKET_ACCOUNT_KEY_DIGESTS_SQL,
  loadMarketAccountLabel,
  loadMarketAccountAddedAt,
  type MarketAccountLabel,
  type AccountProxy,
  type LoadedMarketAccount,
  type LoadOptions,
  type MarketAccountLoopState,
  type MarketAccountSwitches,
} from './repositories/market-account.ts';
export { MARKET_ACCOUNT_LABEL_SQL } from './repositories/market-account-label.ts';
export {
  insertTransaction,
  joinTransferTransaction,
  type NewTransaction,
} from './repositories/transactions.ts';
export {
  claimLedgerEntry,
  finishLedgerEntry,
  listClaimedLedgerIds,
  loadLedgerEntryTransaction,
  lockLedgerTransfer,
  type LedgerClaim,
  type LedgerKind,
  type LedgerResult,
} from './repositories/ledger-entries.ts';
export {
  applySellItemPrices,
  insertListedSellItem,
  syncSellItemListings,
  type MarketListing,
  type SellItemAccount,
} from './repositories/sell-items.ts';
export {
  beginStop,
  claimTick,
  claimTicks,
  endStop,
  ensureLoopRow,
  finishTick,
  finishTicks,
  loadTickLease,
  markScheduled,
  noteLoopError,
  noteLoopSummary,
  pauseAccountLoops,
  pauseLoop,
  readLoopRows,
  RECENT_ACTIONS,
  recordLoopAction,
  resumePausedLoops,
  setNextRun,
  type LoopRow,
  type LoopState,
  type TickClaim,
  type TickEnding,
} from './repositories/trading-loops.ts';
export {
  claimOnceStep,
  loadOnceMarker,
  loadOnceStartedMs,
  markOnceActed,
  markOnceChecked,
  noteOnceError,
  type OnceMarker,
} from './repositories/once-steps.ts';
export {
  anyOperatorExists,
  countLoginFailures,
  deleteLoginFailures,
  deleteLoginFailuresById,
  deleteOperatorSession,
  findActiveOperatorLogin,
  findBotTokenOperator,
  findSessionOperator,
  insertOperator,
  insertOperatorSession,
  replacePasswordHash,
  reserveLoginFailures,
  upsertOperator,
  type LoginFailureLimit,
  type Operator,
  type SessionTokenHashes,
} from './repositories/operators.ts';
export { insertToyHistoryDeal, type NewToyHistoryDeal } from './repositories/toy-history.ts';
export {
  claimTmTransferSync,
  findMarketAccountByTmUserId,
  saveTmTransfersSyncedUntil,
  saveTmUserId,
  type TmTransferSyncClaim,
} from './repositories/tm-transfer-sync.ts';
export {
  deleteProxy,
  insertProxy,
  listProxies,
  listProxyIds,
  loadProxy,
  loadProxyEndpoint,
  proxyExists,
  recordProxyCheck,
  updateProxy,
  type ProxyColumns,
  type StoredProxyEndpoint,
} from './repositories/proxies.ts';
export {
  appendBotJobLog,
  botJobState,
  findBotJobIdByParam,
  findBotJobRow,
  listBotJobResultTexts,
  listLiveTradingJobKeys,
  listQueuedBotJobIds,
  startQueuedBotJobNow,
  startQueuedBotJobsNow,
  holdQueuedBotJobs,
  listBotJobLog,
  listBotJobRows,
  PGBOSS_SCHEMA,
  PGBOSS_SCHEMA_VERSION,
  stopBotJobRetries,
  completeBotJobs,
  type BotJobFilters,
  type BotJobLogLevel,
  type BotJobRow,
  type NewBotJobLogLine,
  type PgBossState,
} from './repositories/bot-jobs.ts';

// The repository of every contract entity behind the `/api` CRUD (one table config each), and the two
// refusals the database layer throws (api-kit answers them 400 and 404).
export { InvalidInput, invalidField, RowNotFound } from './errors.ts';
export {
  EntityRepository,
  type Assignment,
  type EntityTableConfig,
  type ParsedList,
  type WriteContext,
} from './crud/entity-repository.ts';
export { createEntityRepositories, ENTITY_TABLES, type EntityTableName } from './crud/entity-tables.ts';
export { isInstallationEmpty, loadUsdToRubRate, SEED_FEES, seedReferenceData } from './reference-data.ts';
// The demo data's inserts (apps/demo) and what its start reads and moves.
export { bulkInsert, type BulkInsertOptions, type ColumnTypes } from './bulk-insert.ts';
export { lockForTransaction } from './database.ts';
export {
  findProxiesByUsername,
  moveProxyEndpoints,
  type ProxyLoginRow,
} from './repositories/proxy-endpoints.ts';
// What the console's screens read and write beyond the generic CRUD, by table.
export { connectToToys } from './repositories/connect-to-toys.ts';
export { setHistoryPointStatus } from './repositories/history-points.ts';
export { marketAccountsExtendedSql } from './repositories/market-account-lists.ts';
export {
  listMarketToyNames,
  marketToyFieldsSql,
  upsertMarketToysByName,
} from './repositories/market-toy-lists.ts';
export {
  countSellItemsByName,
  itemsForSalePage,
  type ItemsForSaleFilter,
} from './repositories/sell-item-lists.ts';
export { listSteamAccountLinks, steamAccountsExtendedSql } from './repositories/steam-account-lists.ts';
export { tagNameTaken } from './repositories/tags.ts';
export { avgStatsByName, statsByDate, type AvgStatsFilter } from './repositories/toy-history-aggregates.ts';
export {
  profitByDay,
  profitByItem,
  profitByMarket,
  type ProfitSource,
  profitTotals,
  loadHistoryThenMatchProfit,
} from './repositories/profit.ts';
export { dailyReport } from './repositories/daily-report.ts';
export {
  countToyHistoryByName,
  toyHistoryExtendedSql,
  upsertToyHistoryRows,
} from './repositories/toy-history-lists.ts';
export { setToysIgnorePrice } from './repositories/toys.ts';
export {
  readChecklistSteps,
  setChecklistStep,
  type ChecklistSteps,
} from './repositories/account-checklists.ts';
export {
  createSteamAccountFromMaFile,
  findSteamIdHolder,
  importMaFileSecrets,
  loadSteamAccountMailbox,
  loadSteamAccountNames,
  loadSteamAccountWithProxy,
  saveAuthenticatorSecrets,
  saveSteamAccountPhone,
  saveSteamAccountSteamInfo,
  steamAccountExists,
  steamAccountNameTaken,
  type SteamAccountWithProxy,
} from './repositories/steam-accounts.ts';
export {
  loadSteamSessionJson,
  saveSteamApiKey,
  saveSteamSession,
  type SteamSessionColumns,
} from './repositories/steam-sessions.ts';
export {
  ackAlert,
  ackAllAlerts,
  listAlerts,
  raiseAlert,
  resolveOpenAlert,
  type AlertFilter,
  type NewAlert,
} from './repositories/alerts.ts';
export { countRateLimitHit, resetRateLimitCount } from './repositories/trading-rate-limits.ts';
export {
  claimDueKeyChecks,
  deleteKeyPause,
  readKeyPauses,
  recordKeyPause,
  type KeyPause,
} from './repositories/market-key-pauses.ts';
export {
  claimPriceListRefresh,
  listMarketPrices,
  loadListPrices,
  loadMarketDatabaseStats,
  loadPriceListAgeMs,
  resetOrderDistribution,
  storeImportedPrices,
  storeRefreshedPriceList,
  type ImportedPrice,
  type ListedPrice,
} from './repositories/market-prices.ts';
export {
  listPriceBoard,
  loadSellFees,
  type PriceBoardDbRow,
  type PriceBoardFilter,
} from './repositories/price-board.ts';
export { longestUncheckedNames, markNamesChecked } from './repositories/price-checks.ts';
export {
  forgetTrackedOrder,
  loadTrackedOrders,
  saveTrackedOrder,
  type TrackedOrder,
} from './repositories/dynamic-orders.ts';
export { activeListingWait, startListingWait, type ListingWait } from './repositories/listing-waits.ts';
export {
  listDynamicOrderSettings,
  listListingCandidates,
  listSellableMarketToys,
  type DynamicOrderSettingRow,
  type ListingCandidateRow,
  type SellableMarketToy,
} from './repositories/trading-toys.ts';
