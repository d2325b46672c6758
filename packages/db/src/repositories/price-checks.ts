import type { Queryable } from '../database.ts';

/**
 * The price checks repository (table bot_price_check, migration 018): per market account and loop, when each
 * toy's competitors were last read with a per-toy request (bid-ask, a search). Which toys need one is the
 * bots' (apps/bots/src/services/trading/competitor-prices/).
 */

/** Up to `budget` of `candidates` (name keys), the longest unchecked first, then in the given order. */
export async function longestUncheckedNames(
  db: Queryable,
  marketAccount: number,
  loop: string,
  candidates: readonly string[],
  budget: number,
): Promise<string[]> {
  const rows = await db.query<{ name_key: string }>(
    `SELECT c.name_key FROM unnest($3::text[]) WITH ORDINALITY AS c(name_key, n)
     LEFT JOIN bot_price_check p ON p.market_account = $1 AND p.loop = $2 AND p.name_key = c.name_key
     ORDER BY p.checked_at NULLS FIRST, c.n
     LIMIT $4`,
    [marketAccount, loop, [...new Set(candidates)], budget],
  );
  return rows.map((row) => row.name_key);
}

/** Records that these name keys' competitors were just read per toy. */
export async function markNamesChecked(
  db: Queryable,
  marketAccount: number,
  loop: string,
  names: readonly string[],
): Promise<void> {
  await db.query(
    `INSERT INTO bot_price_check (market_account, loop, name_key, checked_at)
     SELECT $1, $2, n, clock_timestamp() FROM unnest($3::text[]) AS n
     ON CONFLICT (market_account, loop, name_key) DO UPDATE SET checked_at = excluded.checked_at`,
    [marketAccount, loop, [...new Set(names)]],
  );
}
