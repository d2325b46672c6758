import {
  claimDueKeyChecks,
  deleteKeyPause,
  loadMarketAccountLabel,
  pauseAccountLoops,
  raiseAlert,
  recordKeyPause,
  resolveOpenAlert,
  resumePausedLoops,
} from '@toydesk/db';

import type { BotRuntime } from '../../bot-runtime.ts';

/** The alert of a rejected key; resolved (acknowledged by the bots) when the key works again. */
export const KEY_REJECTED_ALERT = 'market-key-rejected';
/** The job that checks a paused account's key (key-check-job.ts). */
export const KEY_CHECK_KIND = 'market.key-check';
/**
 * Seconds between two checks of a paused account's key: one cheap call (tm get-money) per paused account
 * every 5 minutes. A key the operator edits is checked at the next dispatch (within a minute).
 */
export const KEY_CHECK_SECONDS = 300;

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
    const paused = await recordKeyPause(tx, accountId, reason);
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
    if (!(await deleteKeyPause(tx, accountId))) return false;
    await resumePausedLoops(tx, accountId);
    await resolveOpenAlert(tx, KEY_REJECTED_ALERT, accountId);
    return true;
  });
}

/**
 * Claims the paused active accounts whose key is due for a check (the period passed, or the stored key
 * changed) and queues one check each (an account paused, banned or disabled by the operator is not checked). The claim moves checked_at, so processes dispatching together queue one.
 */
export async function queueDueKeyChecks(runtime: BotRuntime): Promise<number[]> {
  const due = await claimDueKeyChecks(runtime.db, KEY_CHECK_SECONDS);
  for (const account of due) await runtime.queue.enqueue(KEY_CHECK_KIND, { account });
  return due;
}
