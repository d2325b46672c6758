import type { MarketCode } from '@toydesk/contract';

import type { Queryable } from '../database.ts';

/**
 * The tm transfer sync repository (table bot_tm_transfer_sync, migration 017): per market account, when its
 * money transfers were last read, up to when they are booked, and its own tm user id once learned (tm's
 * transfer history names both ends but never says which one is us).
 */

export interface TmTransferSyncClaim {
  tmUserId: string | null;
  /** ISO time the transfers are booked up to; null before the first full sync. */
  syncedUntil: string | null;
  /** The database's now at the claim: the next `syncedUntil` once this sync books everything it read. */
  now: string;
}

/**
 * Claims the account's sync for this interval in one statement, so two workers do not both read the
 * history; null when the last claim is more recent than `intervalSeconds`.
 */
export async function claimTmTransferSync(
  db: Queryable,
  account: { id: number; market: MarketCode },
  intervalSeconds: number,
): Promise<TmTransferSyncClaim | null> {
  const [row] = await db.query<{ tm_user_id: string | null; synced_until: string | null; now: string }>(
    `INSERT INTO bot_tm_transfer_sync (market_account, market, checked_at)
     VALUES ($1, $2, now())
     ON CONFLICT (market_account) DO UPDATE SET checked_at = now(), updated_at = now()
     WHERE bot_tm_transfer_sync.checked_at IS NULL
        OR bot_tm_transfer_sync.checked_at <= now() - make_interval(secs => $3)
     RETURNING tm_user_id, synced_until::text, now()::text AS now`,
    [account.id, account.market, intervalSeconds],
  );
  return row ? { tmUserId: row.tm_user_id, syncedUntil: row.synced_until, now: row.now } : null;
}

export async function saveTmUserId(db: Queryable, marketAccount: number, tmUserId: string): Promise<void> {
  await db.query(
    `UPDATE bot_tm_transfer_sync SET tm_user_id = $2, updated_at = now() WHERE market_account = $1`,
    [marketAccount, tmUserId],
  );
}

/** Notes the account's transfers booked up to `until` (the claim's `now`). */
export async function saveTmTransfersSyncedUntil(
  db: Queryable,
  marketAccount: number,
  until: string,
): Promise<void> {
  await db.query(
    `UPDATE bot_tm_transfer_sync SET synced_until = $2::timestamptz, updated_at = now() WHERE market_account = $1`,
    [marketAccount, until],
  );
}

/** Another market account of ours on the market with that tm user id, when there is one. */
export async function findMarketAccountByTmUserId(
  db: Queryable,
  market: MarketCode,
  tmUserId: string,
  exceptMarketAccount: number,
): Promise<number | null> {
  const [found] = await db.query<{ market_account: number }>(
    `SELECT market_account FROM bot_tm_transfer_sync
     WHERE market = $1 AND tm_user_id = $2 AND market_account <> $3 LIMIT 1`,
    [market, tmUserId, exceptMarketAccount],
  );
  return found?.market_account ?? null;
}
