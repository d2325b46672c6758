import { randomUUID } from 'node:crypto';

import Big from 'big.js';

import type { MarketBalance, MarketCapability, MarketPrice } from '../market.ts';
import { uniqueNames } from '../kit/base-market.ts';
import { fromMajor, normalize, toMajorNumber } from '../kit/decimal-units.ts';
import type { MarketPurchase, TradeLink } from '../kit/purchase.ts';
import { spendOnce } from '../kit/spend-once.ts';
import { UsdMarket, type UsdMarketConfig } from '../kit/usd-market.ts';
import { LisSkinsClient } from './lis-skins-client.ts';
import type { LisPurchase } from './lis-skins-types.ts';

/** Names per search call (the query string stays short); 200 skins per page. */
const NAMES_PER_SEARCH = 50;
const MAX_PAGES_PER_SEARCH = 20;

/**
 * Lis-skins behind the common Market interface: buy-only (prices, balance, buy), USD floats on the wire.
 * Listing, buy orders and history are not in its API.
 */
export class LisSkinsMarket extends UsdMarket<LisSkinsClient> {
  readonly code = 'lis_skins' as const;
  readonly capabilities: ReadonlySet<MarketCapability> = new Set<MarketCapability>([
    'prices',
    'buy',
    'balance',
  ]);

  constructor(config: UsdMarketConfig) {
    super('lis_skins', config, new LisSkinsClient(config));
  }

  /** The cheapest skin and the number on sale per name; without names, from the first page of the market. */
  override async getPrices(marketHashNames?: string[]): Promise<MarketPrice[]> {
    const names = marketHashNames ? uniqueNames(marketHashNames) : null;
    const cheapest = new Map<string, { price: Big; count: number }>();
    const add = (skins: { name: string; price: number | string }[]) => {
      for (const skin of skins) {
        const price = new Big(fromMajor(skin.price));
        const known = cheapest.get(skin.name);
        if (!known) cheapest.set(skin.name, { price, count: 1 });
        else
          cheapest.set(skin.name, {
            price: price.lt(known.price) ? price : known.price,
            count: known.count + 1,
          });
      }
    };
    if (names === null) {
      add((await this.client.search()).data);
    } else {
      for (let at = 0; at < names.length; at += NAMES_PER_SEARCH) {
        let cursor: string | null = null;
        for (let page = 0; page < MAX_PAGES_PER_SEARCH; page++) {
          const result = await this.client.search({ names: names.slice(at, at + NAMES_PER_SEARCH), cursor });
          add(result.data);
          cursor = result.meta?.next_cursor ?? null;
          if (cursor === null) break;
        }
      }
    }
    return (names ?? [...cheapest.keys()]).map((name) => {
      const found = cheapest.get(name);
      return this.offerPrice(name, found ? normalize(found.price) : null);
    });
  }

  override async getBalance(): Promise<MarketBalance> {
    const { data } = await this.client.getBalance();
    return { amount: fromMajor(data.balance), currency: this.currency, on_hold: null };
  }

  /**
   * Buys skins by id for at most `max_price` in total, sent to `trade_link`. Never repeated blindly: after
   * an ambiguous failure it asks /market/info for the purchase by its custom_id first.
   */
  async buy(request: {
    ids: string[];
    max_price: string;
    trade_link: TradeLink;
    custom_id?: string;
  }): Promise<MarketPurchase> {
    const customId = request.custom_id ?? randomUUID();
    return spendOnce({
      market: this.code,
      call: 'lis_skins.market/buy',
      attempt: async () => {
        const { data } = await this.client.buy({
          ids: request.ids,
          partner: request.trade_link.partner,
          token: request.trade_link.token,
          max_price: toMajorNumber(request.max_price, 2, 'down'),
          custom_id: customId,
        });
        return this.toPurchase(data, customId);
      },
      verify: async () => {
        const { data } = await this.client.getPurchaseInfo({ customIds: [customId] });
        const found = data.find((purchase) => purchase.custom_id === customId);
        return found ? this.toPurchase(found, customId) : null;
      },
    });
  }

  private toPurchase(purchase: LisPurchase, customId: string): MarketPurchase {
    const total = purchase.skins.reduce((sum, skin) => sum.plus(fromMajor(skin.price)), new Big(0));
    const names = uniqueNames(purchase.skins.map((skin) => skin.name));
    return {
      purchase_id: purchase.purchase_id,
      custom_id: purchase.custom_id ?? customId,
      market_hash_name: names.length === 1 ? (names[0] ?? null) : null,
      price: normalize(total),
      currency: this.currency,
    };
  }
}
