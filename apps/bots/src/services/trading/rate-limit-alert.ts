import { countRateLimitHit, raiseAlert, resetRateLimitCount, type Queryable } from '@toydesk/db';

import type { BotRuntime } from '../../bot-runtime.ts';
import type { TradingAccount, TradingLoopName } from './trading-loop.ts';

/** The HTTP status of a marketplace failure: the transport's HttpError or tm's TmError, or their causes. */
function statusOf(error: unknown): number | null {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const status = (e as { status?: unknown }).status;
    if (typeof status === 'number') return status;
  }
  return null;
}

/**
 * Counts 429 answers in a row per market account, across its loops: a tick that failed with a 429 counts
 * up, any other ending resets. At the configured count (TOYDESK_TRADING_RATE_LIMIT_ALERT, default 3) and at
 * every further 429 a rate-limited alert is raised (the open alert counts up).
 */
export async function countRateLimit(
  runtime: BotRuntime,
  account: TradingAccount,
  loop: TradingLoopName,
  failure: unknown,
  /** Where the reset is written (the runner's relaxed bookkeeping); the count and alert: runtime.db. */
  resetDb: Queryable = runtime.db,
  /**
   * The count as read with the account at the tick's start; 0: no reset is sent. A 429 of another loop of
   * the account counted while this tick ran then stays counted: "in a row" across loops running side by
   * side has no one order anyway, and the next ending of any loop that reads it resets it.
   */
  inARowBefore?: number,
): Promise<void> {
  if (statusOf(failure) !== 429) {
    if (inARowBefore !== 0) await resetRateLimitCount(resetDb, account.id);
    return;
  }
  const inARow = await countRateLimitHit(runtime.db, account.id);
  if (inARow < runtime.config.trading.rateLimitAlertAfter) return;
  await raiseAlert(runtime.db, {
    kind: 'rate-limited',
    severity: 'warning',
    message: `${account.label}: ${account.market} answered 429 (too many requests) ${inARow} times in a row`,
    marketAccount: account.id,
    steamAccount: account.steamAccount,
    details: { market: account.market, loop, in_a_row: inARow },
  });
}
