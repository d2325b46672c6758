import {
  loadMarketAccountLabel,
  MARKET_ACCOUNT_KEY_DIGESTS_SQL,
  pauseAccountLoops,
  resumePausedLoops,
  type Queryable,
} from '@toydesk/db';
import type { BotRuntime } from '../../bot-runtime.ts';
import { raiseAlert } from '../alerts/alert-store.ts';

/** The alert of a rejected key; resolved (acknowledged by the bots) when the key works again. */
export const KEY_REJECTED_ALERT = 'market-key-rejected';
/** The job that checks a paused account's key (key-check-job.ts). */
export const KEY_CHECK_KIND = 'market.key-check';
/**
 * Seconds between two checks of a paused account's key: one cheap call (tm get-money) per paused account
 * every 5 minutes. A key the operator edits is checked at the next dispatch (within a minute).
 */
export const KEY_CHECK_SECONDS = 300;

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
 * The marketplace rejected the account's key: records the pause, moves its loops that were scheduled,
 * running or failing to "paused" with the reason, and raises the alert, once per pause (the first failure;
 * later rejections of a paused key only update the reason). True when this call paused the account.
 */
export async function pauseForRejectedKey(
  runtime: BotRuntime,
  accountId: number,
  reason: string,
  /** What saw the rejection: a loop name, "orders.tm", "market.key-check", ... */
  source: string,
): Promise<boolean> {
  return runtime.db.transaction(async (tx) => {
    const [paused] = await tx.query<{ fresh: boolean }>(
      `INSERT INTO bot_market_key_pause (market_account, reason, key_digest)
       SELECT a.id, $2, a.key_digest FROM ${MARKET_ACCOUNT_KEY_DIGESTS_SQL} a WHERE a.id = $1
       ON CONFLICT (market_account) DO UPDATE SET reason = excluded.reason, checked_at = now()
       RETURNING (xmax = 0) AS fresh`,
      [accountId, reason.slice(0, 2000)],
    );
    if (!paused) return false;
    const account = await loadMarketAccountLabel(tx, accountId);
    if (!account) return false;
    await pauseAccountLoops(tx, accountId, reason);
    if (!paused.fresh) return false;
    await raiseAlert(tx, {
      kind: KEY_REJECTED_ALERT,
      severity: 'error',
      message:
        `${account.label}: ${account.market} rejected the API key (${reason}). Its trading loops are paused ` +
        'until the key works again (checked every 5 minutes and as soon as the key is edited).',
      marketAccount: accountId,
      steamAccount: account.steam_account,
      details: { market: account.market, reason, source },
    });
    return true;
  });
}

/**
 * The key works again: the pause goes, the paused loops are "scheduled" (the dispatcher starts their
 * chains) and the open alert is resolved. True when the account was paused.
 */
export async function resumeAfterKeyWorks(runtime: BotRuntime, accountId: number): Promise<boolean> {
  return runtime.db.transaction(async (tx) => {
    const removed = await tx.query('DELETE FROM bot_market_key_pause WHERE market_account = $1 RETURNING 1', [
      accountId,
    ]);
    if (removed.length === 0) return false;
    await resumePausedLoops(tx, accountId);
    await tx.query(
      `UPDATE bot_alert SET acknowledged_at = now(),
         details = details || jsonb_build_object('resolved', true, 'resolved_at', now())
       WHERE kind = $1 AND market_account = $2 AND acknowledged_at IS NULL`,
      [KEY_REJECTED_ALERT, accountId],
    );
    return true;
  });
}

/**
 * Claims the paused active accounts whose key is due for a check (the period passed, or the stored key
 * changed) and queues one check each (an account paused, banned or disabled by the operator is not checked). The claim moves checked_at, so processes dispatching together queue one.
 */
export async function queueDueKeyChecks(runtime: BotRuntime): Promise<number[]> {
  const due = await runtime.db.query<{ market_account: number }>(
    `UPDATE bot_market_key_pause p SET checked_at = now(), key_digest = a.key_digest
     FROM ${MARKET_ACCOUNT_KEY_DIGESTS_SQL} a
     WHERE a.id = p.market_account AND a.status = 'active'
       AND (p.checked_at < now() - make_interval(secs => $1) OR p.key_digest IS DISTINCT FROM a.key_digest)
     RETURNING p.market_account`,
    [KEY_CHECK_SECONDS],
  );
  for (const row of due) await runtime.queue.enqueue(KEY_CHECK_KIND, { account: row.market_account });
  return due.map((row) => row.market_account);
}
