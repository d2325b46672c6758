import { compareMoney } from '@toydesk/contract';
import {
  claimPriceListRefresh,
  loadListPrices,
  loadPriceListAgeMs,
  storeRefreshedPriceList,
} from '@toydesk/db';
import { mapInSlices } from '@toydesk/http';
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

/**
 * One entry per name: the lowest offer and the highest buy order over its class/instance pairs. In slices:
 * a list is 100,000 rows of decimal comparisons, which would hold the event loop.
 */
export async function pricesByName(
  items: readonly TmClassInstancePrice[],
): Promise<Map<string, ListPrice & { volume: number }>> {
  const out = new Map<string, ListPrice & { volume: number }>();
  await mapInSlices(items, (item) => {
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
  });
  return out;
}

/** Fetches the account's market's class_instance list (one request, no key) into bot_market_price. */
async function refreshList(ctx: TradingContext, tm: TmClient): Promise<void> {
  const market = ctx.account.market;
  try {
    const list = await tm.publicFiles.classInstancePrices(tm.currency, { timeoutMs: LIST_TIMEOUT_MS });
    const rows = [...(await pricesByName(list.items))].map(([name, entry]) => ({
      market_hash_name: name,
      price: entry.lowest,
      buy_order: entry.bestBid,
      volume: entry.volume,
    }));
    await storeRefreshedPriceList(ctx.runtime.db, market, rows, list.currency, ctx.job.job.id);
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
  const { db } = ctx.runtime;
  const market = ctx.account.market;
  let ageMs = await loadPriceListAgeMs(db, market);
  let fetched = false;
  if (
    (ageMs === null || ageMs > maxAgeMs) &&
    (await claimPriceListRefresh(db, market, maxAgeMs, REFRESH_CLAIM_SECONDS))
  ) {
    await refreshList(ctx, tm);
    fetched = true;
    ageMs = await loadPriceListAgeMs(db, market);
  }
  const fresh = ageMs !== null && ageMs <= maxAgeMs;
  const prices = new Map<string, ListPrice>();
  if (!fresh || names.length === 0) return { fresh, ageMs, prices, fetched };
  const rows = await loadListPrices(db, market, names);
  for (const row of rows) prices.set(row.name, { lowest: row.price, bestBid: row.buy_order });
  return { fresh, ageMs, prices, fetched };
}
