import { compareMoney } from '@toydesk/contract';
import type { TmClassInstancePrice, TmClient } from '@toydesk/markets';

import type { TradingContext } from '../trading-loop.ts';

/**
 * How old a public price list may be for the loops to judge prices by it (tm regenerates its lists every
 * minute or so). Older, one process fetches it again (one request, no key) while the others confirm per toy.
 */
export const PRICE_LIST_MAX_AGE_MS = 120_000;

/**
 * How long a process may take to refresh a list before another one may try; also how long a failed refresh
 * keeps the others from trying again (a dead list endpoint must not cost every tick a timeout).
 */
const REFRESH_CLAIM_SECONDS = 60;

/** The longest a list fetch may take (real lists are several megabytes). */
const LIST_TIMEOUT_MS = 30_000;

/** A name's prices in the market's public list: the cheapest offer and the best buy order (ours included). */
export interface ListPrice {
  lowest: string | null;
  bestBid: string | null;
}

export interface PriceListView {
  /** Whether the list is young enough to judge by (PRICE_LIST_MAX_AGE_MS). */
  fresh: boolean;
  ageMs: number | null;
  /** The asked names found in the list. */
  prices: Map<string, ListPrice>;
  /** Whether this call fetched the list (one request). */
  fetched: boolean;
}

/** One entry per name: the lowest offer and the highest buy order over its class/instance pairs. */
export function pricesByName(
  items: readonly TmClassInstancePrice[],
): Map<string, ListPrice & { volume: number }> {
  const out = new Map<string, ListPrice & { volume: number }>();
  for (const item of items) {
    const entry = out.get(item.marketHashName) ?? { lowest: null, bestBid: null, volume: 0 };
    if (item.price !== null && (entry.lowest === null || compareMoney(item.price, entry.lowest) < 0)) {
      entry.lowest = item.price;
    }
    if (
      item.buyOrder !== null &&
      (entry.bestBid === null || compareMoney(item.buyOrder, entry.bestBid) > 0)
    ) {
      entry.bestBid = item.buyOrder;
    }
    entry.volume += item.popularity7d ?? 0;
    out.set(item.marketHashName, entry);
  }
  return out;
}

async function listAgeMs(ctx: TradingContext): Promise<number | null> {
  const [row] = await ctx.runtime.db.query<{ age_ms: number | null }>(
    `SELECT CASE WHEN isfinite(last_import_at)
              THEN (extract(epoch FROM clock_timestamp() - last_import_at) * 1000)::float8 END AS age_ms
     FROM bot_price_import WHERE market = $1`,
    [ctx.account.market],
  );
  return row?.age_ms === null || row?.age_ms === undefined ? null : Number(row.age_ms);
}

/** Takes the refresh of a stale list for this process; false when it is fresh or another process has it. */
async function claimRefresh(ctx: TradingContext, maxAgeMs: number): Promise<boolean> {
  const rows = await ctx.runtime.db.query(
    `INSERT INTO bot_price_import (market, last_import_at, refresh_claimed_until)
     VALUES ($1, '-infinity', clock_timestamp() + make_interval(secs => $3))
     ON CONFLICT (market) DO UPDATE SET refresh_claimed_until = excluded.refresh_claimed_until
     WHERE (bot_price_import.refresh_claimed_until IS NULL
            OR bot_price_import.refresh_claimed_until < clock_timestamp())
       AND bot_price_import.last_import_at < clock_timestamp() - make_interval(secs => $2::float8 / 1000)
     RETURNING 1`,
    [ctx.account.market, maxAgeMs, REFRESH_CLAIM_SECONDS],
  );
  return rows.length > 0;
}

/** Fetches the account's market's class_instance list (one request, no key) into bot_market_price. */
async function refreshList(ctx: TradingContext, tm: TmClient): Promise<void> {
  const { db } = ctx.runtime;
  const market = ctx.account.market;
  try {
    const list = await tm.publicFiles.classInstancePrices(tm.currency, { timeoutMs: LIST_TIMEOUT_MS });
    const rows = [...pricesByName(list.items)].map(([name, entry]) => ({
      market_hash_name: name,
      price: entry.lowest,
      buy_order: entry.bestBid,
      volume: entry.volume,
    }));
    await db.transaction(async (tx) => {
      const [now] = await tx.query<{ now: string }>('SELECT clock_timestamp()::text AS now');
      await tx.query(
        `INSERT INTO bot_market_price (market, market_hash_name, price, buy_order, currency, volume, updated_at)
         SELECT $1, x.market_hash_name, x.price, x.buy_order, $3, x.volume, $4::timestamptz
         FROM jsonb_to_recordset($2::jsonb) AS x(market_hash_name text, price numeric, buy_order numeric, volume integer)
         ON CONFLICT (market, market_hash_name) DO UPDATE SET price = excluded.price,
           buy_order = excluded.buy_order, currency = excluded.currency, volume = excluded.volume,
           updated_at = excluded.updated_at`,
        [market, JSON.stringify(rows), list.currency, now!.now],
      );
      const gone = await tx.query(
        'DELETE FROM bot_market_price WHERE market = $1 AND updated_at < $2::timestamptz RETURNING 1',
        [market, now!.now],
      );
      await tx.query(
        `UPDATE bot_price_import SET last_import_at = $2::timestamptz, job_id = $3::uuid, items = $4,
           removed = $5, refresh_claimed_until = NULL
         WHERE market = $1`,
        [market, now!.now, ctx.job.job.id, rows.length, gone.length],
      );
    });
    await ctx.job.log(`price list of ${market} refreshed: ${rows.length} names`);
  } catch (error) {
    if (ctx.job.signal.aborted) throw error; // the tick's lease is gone: stop, as every long call does
    // The loops go on with per-toy requests; the claim stays until it lapses, then any process tries again.
    await ctx.job.log(`price list of ${market} not refreshed: ${String(error)}`, 'warn');
  }
}

/**
 * The competitors' prices of `names` from the market's public list, as every process shares it in the
 * market database (bot_market_price, also filled by the prices.import job). A list older than `maxAgeMs` is
 * fetched again by the first process to claim it (one request, which no key pays for); until then the view
 * says it is stale and the loops confirm per toy.
 */
export async function priceListFor(
  ctx: TradingContext,
  tm: TmClient,
  names: readonly string[],
  maxAgeMs = PRICE_LIST_MAX_AGE_MS,
): Promise<PriceListView> {
  let ageMs = await listAgeMs(ctx);
  let fetched = false;
  if ((ageMs === null || ageMs > maxAgeMs) && (await claimRefresh(ctx, maxAgeMs))) {
    await refreshList(ctx, tm);
    fetched = true;
    ageMs = await listAgeMs(ctx);
  }
  const fresh = ageMs !== null && ageMs <= maxAgeMs;
  const prices = new Map<string, ListPrice>();
  if (!fresh || names.length === 0) return { fresh, ageMs, prices, fetched };
  const rows = await ctx.runtime.db.query<{ name: string; price: string | null; buy_order: string | null }>(
    `SELECT market_hash_name AS name, price::text AS price, buy_order::text AS buy_order
     FROM bot_market_price WHERE market = $1 AND market_hash_name = ANY($2::text[])`,
    [ctx.account.market, [...new Set(names)]],
  );
  for (const row of rows) prices.set(row.name, { lowest: row.price, bestBid: row.buy_order });
  return { fresh, ageMs, prices, fetched };
}
