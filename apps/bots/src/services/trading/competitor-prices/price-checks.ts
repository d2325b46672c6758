import type { TradingContext } from '../trading-loop.ts';

/**
 * Per account and loop, when each toy's competitors were last read with a per-toy request (bid-ask, a
 * search). The public list cannot tell a toy whose best price is ours whether the next competitor moved:
 * such toys are confirmed a few per tick, the longest unconfirmed first, so every toy is seen in turn.
 */
export async function longestUnchecked(
  ctx: TradingContext,
  loop: string,
  candidates: readonly string[],
  budget: number,
): Promise<string[]> {
  if (candidates.length === 0 || budget <= 0) return [];
  const rows = await ctx.runtime.db.query<{ name_key: string }>(
    `SELECT c.name_key FROM unnest($3::text[]) WITH ORDINALITY AS c(name_key, n)
     LEFT JOIN bot_price_check p ON p.market_account = $1 AND p.loop = $2 AND p.name_key = c.name_key
     ORDER BY p.checked_at NULLS FIRST, c.n
     LIMIT $4`,
    [ctx.account.id, loop, [...new Set(candidates)], budget],
  );
  return rows.map((row) => row.name_key);
}

/** Records that these toys' competitors were just read per toy. */
export async function markChecked(
  ctx: TradingContext,
  loop: string,
  names: readonly string[],
): Promise<void> {
  if (names.length === 0) return;
  await ctx.runtime.db.query(
    `INSERT INTO bot_price_check (market_account, loop, name_key, checked_at)
     SELECT $1, $2, n, clock_timestamp() FROM unnest($3::text[]) AS n
     ON CONFLICT (market_account, loop, name_key) DO UPDATE SET checked_at = excluded.checked_at`,
    [ctx.account.id, loop, [...new Set(names)]],
  );
}
