import type { Queryable } from '../database.ts';

/**
 * The trading rate limits repository (table bot_trading_rate_limit): per market account, how many ticks in a
 * row its marketplace answered 429, across its loops. When to alert is the bots' (rate-limit-alert.ts).
 */

/** Any ending other than a 429: the count starts again. */
export async function resetRateLimitCount(db: Queryable, marketAccount: number): Promise<void> {
  await db.query(
    'UPDATE bot_trading_rate_limit SET in_a_row = 0 WHERE market_account = $1 AND in_a_row > 0',
    [marketAccount],
  );
}

/** One more 429 in a row; returns the count now. */
export async function countRateLimitHit(db: Queryable, marketAccount: number): Promise<number> {
  const [row] = await db.query<{ in_a_row: number }>(
    `INSERT INTO bot_trading_rate_limit (market_account, in_a_row, last_at) VALUES ($1, 1, now())
     ON CONFLICT (market_account) DO UPDATE SET in_a_row = bot_trading_rate_limit.in_a_row + 1, last_at = now()
     RETURNING in_a_row`,
    [marketAccount],
  );
  return row?.in_a_row ?? 1;
}
