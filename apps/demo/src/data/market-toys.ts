import type { MarketCode } from '@toydesk/contract';
import { bulkInsert } from '@toydesk/db';

import type { DemoContext } from './demo-context.ts';
import { formatMinor, toMinor } from './minor-units.ts';
import type { MarketQuote } from './price-model.ts';
import { RECORD_STATUS_WEIGHTS, type DemoToy } from './toys.ts';
import type { DemoTags } from './tags-and-groups.ts';

/**
 * Our prices per toy and market: Market CSGO (RUB) for every toy, the USD markets and Steam for a large
 * share. Some rows run dynamic buy orders between min_price_buy and max_price_buy.
 */

/** Which share of the toys each market prices. */
const COVERAGE: [MarketCode, number][] = [
  ['tm', 1],
  ['tm_usd', 0.75],
  ['dmarket', 0.6],
  ['steam', 0.5],
];

export interface DemoMarketToy {
  toy: DemoToy;
  market: MarketCode;
  quote: MarketQuote;
  enableDynamicOrder: boolean;
  minPriceBuy: number | null;
  maxPriceBuy: number | null;
}

export async function seedMarketToys(
  ctx: DemoContext,
  toys: DemoToy[],
  tags: DemoTags,
): Promise<DemoMarketToy[]> {
  const rng = ctx.rng('market-toys');
  const marketToyTags = tags.forTarget('market_toys');
  const result: DemoMarketToy[] = [];
  const rows: Record<string, unknown>[] = [];
  for (const toy of toys) {
    for (const [market, share] of COVERAGE) {
      if (share < 1 && !rng.chance(share)) continue;
      const quote = ctx.prices.quote(toy.item, market, rng);
      const enableDynamicOrder = rng.chance(market === 'tm' ? 0.06 : 0.03);
      // Dynamic rows have a buy range around the buy price; a few others keep an old range, switched off.
      const withRange = enableDynamicOrder || rng.chance(0.05);
      const minPriceBuy = withRange ? toMinor(quote.priceBuy * rng.between(0.85, 0.96)) : null;
      const maxPriceBuy = withRange
        ? Math.max(
            (minPriceBuy ?? 0) + 1,
            Math.min(quote.priceSell - 1, toMinor(quote.priceBuy * rng.between(1.02, 1.08))),
          )
        : null;
      result.push({ toy, market, quote, enableDynamicOrder, minPriceBuy, maxPriceBuy });
      rows.push({
        toy: toy.id,
        market,
        price_buy: formatMinor(quote.priceBuy),
        price_sell: formatMinor(quote.priceSell),
        min_price_buy: minPriceBuy === null ? null : formatMinor(minPriceBuy),
        max_price_buy: maxPriceBuy === null ? null : formatMinor(maxPriceBuy),
        enable_dynamic_order: enableDynamicOrder,
        scope: rng.chance(0.03) ? 'private' : 'shared',
        tags: rng.chance(0.03) ? [rng.pick(marketToyTags)] : [],
        record_status: toy.recordStatus === 'normal' ? 'normal' : rng.weighted(RECORD_STATUS_WEIGHTS),
      });
    }
  }
  await bulkInsert(
    ctx.tx,
    'market_toy',
    {
      toy: 'integer',
      market: 'text',
      price_buy: 'numeric',
      price_sell: 'numeric',
      min_price_buy: 'numeric',
      max_price_buy: 'numeric',
      enable_dynamic_order: 'boolean',
      scope: 'text',
      tags: 'integer[]',
      record_status: 'text',
    },
    rows,
  );
  return result;
}
