import { compareMoney } from '@toydesk/contract';
import { TM_MASS_SET_PRICE_BATCH, TM_SEARCH_LIST_BATCH, type TmClient, type TmItem } from '@toydesk/markets';

import { screenListings } from '../competitor-prices/listing-screen.ts';
import { longestUnchecked, markChecked } from '../competitor-prices/price-checks.ts';
import { priceListFor } from '../competitor-prices/price-list.ts';
import { lowestOf } from '../spend-guards/reference-price.ts';
import { refuseBySpendGuard } from '../spend-guards/loop-guard.ts';
import type { TradingContext } from '../trading-loop.ts';
import { repriceTarget } from './reprice-rule.ts';
import type { SellToy } from './sell-toys.ts';

/** Listings repriced per MassSetPriceById call (tm takes at most 100). */
export const REPRICE_BATCH_SIZE = TM_MASS_SET_PRICE_BATCH;

/**
 * Names the public list cannot judge (ours is the cheapest offer) confirmed per tick, longest unconfirmed
 * first: one search request's worth (competitor-prices/).
 */
export const REPRICE_CONFIRM_PER_TICK = TM_SEARCH_LIST_BATCH;

export interface RepriceOutcome {
  repriced: number;
  failed: number;
  batches: number;
  /** Refused by a spend guard (in dry run: would be refused). */
  refused?: number;
}

interface PriceChange {
  itemId: string;
  marketHashName: string;
  from: string;
  price: string;
}

/**
 * Moves every on-sale listing of a toy to the repricing rule's target (reprice-rule.ts): the competing
 * offers come from search-list-items-by-hash-name-all with our own listings left out; the changes go out
 * through MassSetPriceById in batches of `batchSize`, each batch one recorded action. The prices tm
 * confirmed are written back into `listings` (so sell_item gets them).
 */
export async function repriceListings(
  ctx: TradingContext,
  tm: TmClient,
  listings: TmItem[],
  toys: ReadonlyMap<string, SellToy>,
  batchSize = REPRICE_BATCH_SIZE,
): Promise<RepriceOutcome> {
  const outcome: RepriceOutcome = { repriced: 0, failed: 0, batches: 0 };
  const onSale = listings.filter((item) => item.status === '1' && toys.has(item.marketHashName));
  if (onSale.length === 0) return outcome;
  const ours = new Set(listings.map((item) => item.itemId));
  const names = [...new Set(onSale.map((item) => item.marketHashName))];
  // Competitors' offers from the public list (issue 11 item 4): a search only where it cannot judge.
  const view = await priceListFor(ctx, tm, names);
  const toSearch: string[] = [];
  const confirm: string[] = [];
  for (const name of names) {
    const prices = onSale.filter((item) => item.marketHashName === name).map((item) => item.price);
    const screen = screenListings(name, prices, toys.get(name)!.limits, view);
    if (screen === 'search') toSearch.push(name);
    else if (screen === 'confirm') confirm.push(name);
  }
  toSearch.push(...(await longestUnchecked(ctx, 'list-reprice', confirm, REPRICE_CONFIRM_PER_TICK)));
  const offers = await tm.search.searchListItemsByHashNameAll(toSearch);
  await markChecked(ctx, 'list-reprice', toSearch);
  const changes: PriceChange[] = [];
  for (const item of onSale) {
    if (!offers.has(item.marketHashName)) continue; // judged by the list: left as it is
    const competitors = (offers.get(item.marketHashName) ?? [])
      .filter((offer) => !ours.has(String(offer.id)))
      .map((offer) => offer.price);
    const target = repriceTarget(toys.get(item.marketHashName)!.limits, competitors);
    if (compareMoney(target, item.price) !== 0) {
      // Spend guards (issue 11 item 7): the lowest competing listing, else the list price, is the reference.
      const refusal = await refuseBySpendGuard(ctx, {
        call: 'reprice',
        marketHashName: item.marketHashName,
        price: target,
        count: 0,
        currency: tm.currency,
        reference: lowestOf(competitors) ?? item.price,
      });
      if (refusal !== null) {
        outcome.refused = (outcome.refused ?? 0) + 1;
        continue;
      }
      changes.push({
        itemId: item.itemId,
        marketHashName: item.marketHashName,
        from: item.price,
        price: target,
      });
    }
  }
  const byId = new Map(listings.map((item) => [item.itemId, item]));
  for (let start = 0; start < changes.length; start += batchSize) {
    const batch = changes.slice(start, start + batchSize);
    outcome.batches += 1;
    const results = await ctx.act(
      {
        kind: 'repriced',
        detail: {
          count: batch.length,
          currency: tm.currency,
          items: batch.map((change) => ({
            item_id: change.itemId,
            market_hash_name: change.marketHashName,
            from: change.from,
            to: change.price,
          })),
        },
      },
      () =>
        tm.selling.massSetPriceById(batch.map((change) => ({ itemId: change.itemId, price: change.price }))),
    );
    if (results === null) continue;
    for (const result of results) {
      const listing = byId.get(result.itemId);
      if (result.ok && listing) {
        listing.price = result.price ?? batch.find((change) => change.itemId === result.itemId)!.price;
        outcome.repriced += 1;
      } else {
        outcome.failed += 1;
        await ctx.job.log(`MassSetPriceById refused ${result.itemId}: ${result.error ?? 'failed'}`, 'warn');
      }
    }
  }
  return outcome;
}
