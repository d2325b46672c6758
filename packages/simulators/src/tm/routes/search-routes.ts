import type { ApiTable } from '../http/api-table.ts';
import { fail, param } from '../http/context.ts';
import type { TmMarket } from '../state/tm-market.ts';
import type { Account, Listing } from '../state/types.ts';
import { toMajorNumber, UNITS_PER_MAJOR } from '../../util/money-units.ts';
import { hashText } from '../../util/random.ts';
import { TM_ERRORS } from '../tm-errors.ts';
import { repeated } from './route-helpers.ts';

/**
 * Order-book lookups by market hash name (marketplaces.md 1.4 and 1.7). Prices are integers in the minor
 * units of the caller's currency; only offers buyers can buy (sellers online) are shown, our own included.
 */

const priceIn = (market: TmMarket, account: Account, listing: Listing) =>
  market.convert(listing.price, listing.currency, account.currency, 'ceil');

/** A stable float value per listing for `extra.float`. */
const floatOf = (listing: Listing) => ((hashText(listing.item_id) % 1_000_000) / 1_000_000).toFixed(6);

const offerView = (market: TmMarket, account: Account, listing: Listing) => ({
  id: Number(listing.item_id),
  price: priceIn(market, account, listing),
  class: listing.classid,
  instance: listing.instanceid,
  extra: { float: floatOf(listing), ...(listing.phase ? { phase: listing.phase } : {}) },
});

/** get-list-items-info names per call: tm documents no limit; 50 (as for the search list) is our choice. */
const LIST_ITEMS_INFO_LIMIT = 50;

/**
 * get-list-items-info for one name: the last 50 finished sales, newest first, as [unix seconds, price] with
 * the price in MAJOR units of the caller's currency (16.99, as tm's recorded answer has it), plus their
 * max, min and average (average to 3 decimals, as tm sends 15.962 for RUB too). null when never sold.
 */
function salesInfo(market: TmMarket, account: Account, name: string) {
  const log = (market.salesLog.get(name) ?? []).slice(-50).reverse();
  if (log.length === 0) return null;
  const minor = log.map(([, kopecks]) => market.convert(kopecks, 'RUB', account.currency));
  const average = minor.reduce((sum, price) => sum + price, 0) / minor.length;
  const major = (price: number) => toMajorNumber(price, account.currency);
  return {
    max: major(Math.max(...minor)),
    min: major(Math.min(...minor)),
    average: Number((average / UNITS_PER_MAJOR[account.currency]).toFixed(3)),
    history: log.map(([time], index) => [time, major(minor[index]!)]),
  };
}

/** Aggregates (price → count), keeping the given order of first appearance. */
function byPrice(entries: { price: number; count: number }[]): { price: number; count: number }[] {
  const levels = new Map<number, number>();
  for (const entry of entries) levels.set(entry.price, (levels.get(entry.price) ?? 0) + entry.count);
  return [...levels].map(([price, count]) => ({ price, count }));
}

export function registerSearchRoutes(api: ApiTable): void {
  api.get('/api/v2/bid-ask', 'bid-ask', (ctx, account) => {
    const { market } = ctx;
    const name = param(ctx, 'hash_name');
    if (name === null) return fail(TM_ERRORS.badInput);
    // `phase`: the book of one Doppler phase (its orders and its offers); without it the plain orders.
    const phase = param(ctx, 'phase') ?? '';
    const bid = byPrice(
      market.bidsFor(name, phase).map((entry) => ({
        price: market.convert(entry.priceKopecks, 'RUB', account.currency, 'floor'),
        count: entry.count,
      })),
    ).slice(0, 50);
    const ask = byPrice(
      market
        .asksFor(name, phase === '' ? undefined : phase)
        .map((listing) => ({ price: priceIn(market, account, listing), count: 1 })),
    ).slice(0, 50);
    return { success: true, bid, ask };
  });

  api.get('/api/v2/get-list-items-info', 'get-list-items-info', (ctx, account) => {
    const names = repeated(ctx, 'list_hash_name');
    if (names.length === 0 || names.length > LIST_ITEMS_INFO_LIMIT) return fail(TM_ERRORS.badInput);
    const data: Record<string, unknown> = {};
    for (const name of names) {
      const info = salesInfo(ctx.market, account, name);
      if (info !== null) data[name] = info;
    }
    return { success: true, currency: account.currency, data };
  });

  api.get('/api/v2/search-item-by-hash-name', 'search-item-by-hash-name', (ctx, account) => {
    const { market } = ctx;
    const name = param(ctx, 'hash_name');
    if (name === null) return fail(TM_ERRORS.badInput);
    const groups = new Map<
      string,
      { market_hash_name: string; price: number; class: string; instance: string; count: number }
    >();
    for (const listing of market.asksFor(name)) {
      const price = priceIn(market, account, listing);
      const key = `${price}_${listing.classid}_${listing.instanceid}`;
      const group = groups.get(key);
      if (group) group.count++;
      else
        groups.set(key, {
          market_hash_name: name,
          price,
          class: listing.classid,
          instance: listing.instanceid,
          count: 1,
        });
    }
    return { success: true, currency: account.currency, data: [...groups.values()].slice(0, 50) };
  });

  api.get(
    '/api/v2/search-item-by-hash-name-specific',
    'search-item-by-hash-name-specific',
    (ctx, account) => {
      const { market } = ctx;
      const name = param(ctx, 'hash_name');
      if (name === null) return fail(TM_ERRORS.badInput);
      const data = market
        .asksFor(name)
        .slice(0, 50)
        .map((listing) => ({ ...offerView(market, account, listing), market_hash_name: name }));
      return { success: true, currency: account.currency, data };
    },
  );

  api.get(
    '/api/v2/search-list-items-by-hash-name-all',
    'search-list-items-by-hash-name-all',
    (ctx, account) => {
      const { market } = ctx;
      const names = repeated(ctx, 'list_hash_name');
      const limit = param(ctx, 'extended') === '1' ? 5 : 50;
      if (names.length === 0 || names.length > limit) return fail(TM_ERRORS.badInput);
      const data: Record<string, unknown[]> = {};
      for (const name of names) {
        data[name] = market.asksFor(name).map((listing) => offerView(market, account, listing));
      }
      return { success: true, currency: account.currency, data };
    },
  );
}
