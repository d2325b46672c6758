import type { PriceBoardMarket, PriceBoardRow } from '@toydesk/contract';
import { describe, expect, it } from 'vitest';

import { catalogueBands } from './catalogue-bands';

const market = (over: Partial<PriceBoardMarket> & Pick<PriceBoardMarket, 'market'>): PriceBoardMarket => ({
  buy: null,
  sell: null,
  buy_order: null,
  fee: '0.05',
  volume: 1,
  price: null,
  currency: 'RUB',
  classid_instanceid: null,
  updated_at: '2026-11-28T10:00:00.000Z',
  age_seconds: 60,
  ...over,
});

const row = (over: Partial<PriceBoardRow>): PriceBoardRow => ({
  market_hash_name: 'AWP | Asiimov (Field-Tested)',
  toy: null,
  catalogue_markets: [],
  best_buy: null,
  buy_market: null,
  best_sell: null,
  sell_market: null,
  spread: null,
  spread_pct: null,
  volume: 0,
  markets: [],
  ...over,
});

describe('catalogueBands', () => {
  it('sets the buy band on the cheapest market and the sell band on the best sale, each in its currency', () => {
    // The board in RUB: tm_usd 30 USD at 90 = 2700 RUB is the cheapest; tm sells 3000 RUB (2850 after fee).
    const bands = catalogueBands(
      row({
        best_buy: '2700.00',
        buy_market: 'tm_usd',
        best_sell: '2850.00',
        sell_market: 'tm',
        markets: [
          market({ market: 'tm', price: '3000.00', buy: '3000.00', sell: '2850.00' }),
          market({ market: 'tm_usd', price: '30.000', currency: 'USD', buy: '2700.00', sell: '2565.00' }),
        ],
      }),
    );
    expect(bands).toEqual([
      {
        market: 'tm_usd',
        currency: 'USD',
        side: 'buy',
        fields: { min_price_buy: '27.00', max_price_buy: '30.00', enable_dynamic_order: true },
      },
      // The cost 2700 RUB in tm's RUB is 2700 (3000 / 3000): never sell below what the item cost.
      {
        market: 'tm',
        currency: 'RUB',
        side: 'sell',
        fields: { price_sell: '3000.00', price_buy: '2700.00' },
      },
    ]);
  });

  it('moves the cost into a USD sell market by the ratio of its own price', () => {
    // The board in RUB: tm 1000 RUB cheapest; tm_usd sells at 12 USD = 1080 RUB, so the cost is 1000 × 12 / 1080.
    const bands = catalogueBands(
      row({
        best_buy: '1000.00',
        buy_market: 'tm',
        sell_market: 'tm_usd',
        markets: [
          market({ market: 'tm', price: '1000.00', buy: '1000.00' }),
          market({ market: 'tm_usd', price: '12.000', currency: 'USD', buy: '1080.00', sell: '1026.00' }),
        ],
      }),
    );
    expect(bands?.[1]).toEqual({
      market: 'tm_usd',
      currency: 'USD',
      side: 'sell',
      fields: { price_sell: '12.00', price_buy: '11.11' },
    });
  });

  it('offers nothing when there is no sale on another market', () => {
    expect(
      catalogueBands(
        row({
          best_buy: '500.00',
          buy_market: 'tm',
          markets: [market({ market: 'tm', price: '500.00', buy: '500.00' })],
        }),
      ),
    ).toBeNull();
  });
});
