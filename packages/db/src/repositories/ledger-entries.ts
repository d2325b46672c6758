import type { MarketCode } from '@toydesk/contract';

import type { Queryable } from '../database.ts';

/**
 * The ledger entries repository (table bot_ledger_entry, migration 012): the claim that makes the bots'
 * money ledger record each deal or movement exactly once per (market, kind, external id). A recording is
 * one database transaction that claims its entry first and finishes it with the rows it wrote, so a second
 * recording (a retried tick, another worker, a restart) finds the claim and returns the first one's rows.
 */

export type LedgerKind = 'sale' | 'purchase' | 'money';

export interface LedgerResult {
  /** False when this deal had been recorded before (nothing was written this time). */
  created: boolean;
  historyId: number | null;
  transactionId: number | null;
}

export type LedgerClaim = { created: true; entryId: number } | { created: false; result: LedgerResult };

/** Claims (market, kind, external id) in the caller's transaction; a claim made before answers its rows. */
export async function claimLedgerEntry(
  tx: Queryable,
  market: MarketCode,
  kind: LedgerKind,
  externalId: string,
  entry: { marketAccount: number | null; amount: string; currency: string },
): Promise<LedgerClaim> {
  const [claimed] = await tx.query<{ id: number }>(
    `INSERT INTO bot_ledger_entry (market, kind, external_id, market_account, amount, currency)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (market, kind, external_id) DO NOTHING RETURNING id`,
    [market, kind, externalId, entry.marketAccount, entry.amount, entry.currency],
  );
  if (claimed) return { created: true, entryId: Number(claimed.id) };
  // Recorded before (or being recorded by another transaction, which this SELECT waits out through the
  // unique index): report what that recording wrote.
  const [existing] = await tx.query<{ toy_history: number | null; transaction: number | null }>(
    `SELECT toy_history, "transaction" FROM bot_ledger_entry WHERE market = $1 AND kind = $2 AND external_id = $3`,
    [market, kind, externalId],
  );
  return {
    created: false,
    result: {
      created: false,
      historyId: existing?.toy_history ?? null,
      transactionId: existing?.transaction ?? null,
    },
  };
}

/** Notes the rows a claimed entry's recording wrote (in the same transaction as the claim). */
export async function finishLedgerEntry(
  tx: Queryable,
  entryId: number,
  historyId: number | null,
  transactionId: number | null,
): Promise<LedgerResult> {
  await tx.query(`UPDATE bot_ledger_entry SET toy_history = $2, "transaction" = $3 WHERE id = $1`, [
    entryId,
    historyId,
    transactionId,
  ]);
  return { created: true, historyId, transactionId };
}

/** The transaction row an entry's recording wrote; null when the entry is not claimed or wrote none. */
export async function loadLedgerEntryTransaction(
  tx: Queryable,
  market: MarketCode,
  kind: LedgerKind,
  externalId: string,
): Promise<number | null> {
  const [entry] = await tx.query<{ transaction: number | null }>(
    `SELECT "transaction" FROM bot_ledger_entry WHERE market = $1 AND kind = $2 AND external_id = $3`,
    [market, kind, externalId],
  );
  return entry?.transaction ?? null;
}

/** The external ids among `externalIds` already claimed on the market for that kind. */
export async function listClaimedLedgerIds(
  db: Queryable,
  market: MarketCode,
  kind: LedgerKind,
  externalIds: readonly string[],
): Promise<Set<string>> {
  if (externalIds.length === 0) return new Set();
  const rows = await db.query<{ external_id: string }>(
    `SELECT external_id FROM bot_ledger_entry WHERE market = $1 AND kind = $2 AND external_id = ANY($3::text[])`,
    [market, kind, [...externalIds]],
  );
  return new Set(rows.map((row) => row.external_id));
}

/**
 * Holds the transfer's lock until the caller's transaction ends: the two sides of one money transfer may be
 * recorded at the same moment by two workers, and the second must find the first's transaction row.
 */
export async function lockLedgerTransfer(
  tx: Queryable,
  market: MarketCode,
  transferId: string,
): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`ledger-transfer:${market}:${transferId}`]);
}
