import type { BotRuntime } from '../../bot-runtime.ts';
import { raiseAlert } from '../alerts/alert-store.ts';
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
): Promise<void> {
  if (statusOf(failure) !== 429) {
    await runtime.db.query(
      'UPDATE bot_trading_rate_limit SET in_a_row = 0 WHERE market_account = $1 AND in_a_row > 0',
      [account.id],
    );
    return;
  }
  const [row] = await runtime.db.query<{ in_a_row: number }>(
    `INSERT INTO bot_trading_rate_limit (market_account, in_a_row, last_at) VALUES ($1, 1, now())
     ON CONFLICT (market_account) DO UPDATE SET in_a_row = bot_trading_rate_limit.in_a_row + 1, last_at = now()
     RETURNING in_a_row`,
    [account.id],
  );
  const inARow = row?.in_a_row ?? 1;
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
