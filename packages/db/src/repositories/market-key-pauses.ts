import type { Queryable } from '../database.ts';
import { MARKET_ACCOUNT_KEY_DIGESTS_SQL } from './market-account.ts';

/**
 * The market key pauses repository (table bot_market_key_pause, migration 016): the market accounts whose key
 * the marketplace rejected, why, when their key was last checked and the digest of the key then (an edited
 * key is checked at once). The rules (pausing the loops, the alert, the checks) are the bots' key pause
 * (apps/bots/src/services/market-keys/).
 */

export type KeyPause = {
  market_account: number;
  reason: string;
  paused_at: string;
  checked_at: string;
};

/** The paused accounts (all, or the given ids). */
export async function readKeyPauses(db: Queryable, ids?: readonly number[]): Promise<Map<number, KeyPause>> {
  const rows = await db.query<KeyPause>(
    `SELECT market_account, reason, paused_at, checked_at FROM bot_market_key_pause
     WHERE $1::int[] IS NULL OR market_account = ANY($1::int[])`,
    [ids ? [...ids] : null],
  );
  return new Map(rows.map((row) => [row.market_account, row]));
}

/**
 * Records the pause with the key's digest now, or updates the reason of the pause there is; null when the
 * account is gone, else whether this call made the pause.
 */
export async function recordKeyPause(
  db: Queryable,
  marketAccount: number,
  reason: string,
): Promise<{ fresh: boolean } | null> {
  const [paused] = await db.query<{ fresh: boolean }>(
    `INSERT INTO bot_market_key_pause (market_account, reason, key_digest)
     SELECT a.id, $2, a.key_digest FROM ${MARKET_ACCOUNT_KEY_DIGESTS_SQL} a WHERE a.id = $1
     ON CONFLICT (market_account) DO UPDATE SET reason = excluded.reason, checked_at = now()
     RETURNING (xmax = 0) AS fresh`,
    [marketAccount, reason.slice(0, 2000)],
  );
  return paused ?? null;
}

/** Ends the account's pause; false when it was not paused. */
export async function deleteKeyPause(db: Queryable, marketAccount: number): Promise<boolean> {
  const removed = await db.query('DELETE FROM bot_market_key_pause WHERE market_account = $1 RETURNING 1', [
    marketAccount,
  ]);
  return removed.length > 0;
}

/**
 * Claims the paused active accounts whose key is due for a check (`periodSeconds` passed, or the stored key
 * changed) in one statement that moves checked_at, so processes claiming together each get other accounts.
 */
export async function claimDueKeyChecks(db: Queryable, periodSeconds: number): Promise<number[]> {
  const due = await db.query<{ market_account: number }>(
    `UPDATE bot_market_key_pause p SET checked_at = now(), key_digest = a.key_digest
     FROM ${MARKET_ACCOUNT_KEY_DIGESTS_SQL} a
     WHERE a.id = p.market_account AND a.status = 'active'
       AND (p.checked_at < now() - make_interval(secs => $1) OR p.key_digest IS DISTINCT FROM a.key_digest)
     RETURNING p.market_account`,
    [periodSeconds],
  );
  return due.map((row) => row.market_account);
}
