import {
  multiplyMoney,
  roundMoney,
  scaleMoney,
  type MarketCode,
  type PriceBoardRow,
} from '@toydesk/contract';

/** How far under the cheapest offer the buy band reaches: orders between 90 % and 100 % of it. */
export const BUY_BAND_FLOOR = '0.9';

/** One market toy the one-click action writes, with the values in the market's own currency. */
export interface CatalogueBand {
  market: MarketCode;
  currency: string;
  side: 'buy' | 'sell';
  fields: {
    min_price_buy?: string;
    max_price_buy?: string;
    enable_dynamic_order?: boolean;
    price_sell?: string;
    price_buy?: string;
  };
}

/**
 * What "put into the catalogue" writes for a board row: on the market of the cheapest buy, buy orders on
 * (enable_dynamic_order) within [90 %, 100 %] of that offer; on the market of the best sale, the selling
 * band from the cost (the cheapest buy moved into that market's currency) up to its cheapest offer. Each in
 * the market's own currency, from the list's own price, so no rate is applied twice. Null when the row has
 * no sale on another market.
 */
export function catalogueBands(row: PriceBoardRow): CatalogueBand[] | null {
  const buy = row.markets.find((m) => m.market === row.buy_market);
  const sell = row.markets.find((m) => m.market === row.sell_market);
  if (!buy?.price || !sell?.price || !sell.buy || row.best_buy === null) return null;
  const sellFields: CatalogueBand['fields'] = { price_sell: roundMoney(sell.price) };
  if (Number(sell.buy) > 0) sellFields.price_buy = scaleMoney(row.best_buy, sell.price, sell.buy);
  return [
    {
      market: buy.market,
      currency: buy.currency,
      side: 'buy',
      fields: {
        min_price_buy: multiplyMoney(buy.price, BUY_BAND_FLOOR),
        max_price_buy: roundMoney(buy.price),
        enable_dynamic_order: true,
      },
    },
    { market: sell.market, currency: sell.currency, side: 'sell', fields: sellFields },
  ];
}
