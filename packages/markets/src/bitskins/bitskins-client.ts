import { MarketTransport, type MarketClientConfig } from '../kit/market-transport.ts';
import {
  bitskinsBalanceSchema,
  bitskinsBuySchema,
  bitskinsDepositSchema,
  bitskinsHistorySchema,
  bitskinsInSellSchema,
  bitskinsListingsSchema,
  bitskinsResultSchema,
  bitskinsSteamInventorySchema,
} from './bitskins-types.ts';

/** BitSkins prices are integer mils: 1000 = $1. */
export const BITSKINS_UNITS_PER_USD = 1000;

const APP_ID = 730;

/**
 * The BitSkins API v2, one method per call: the key in `x-apikey`, JSON POSTs. Amounts are the wire's
 * mils; BitskinsMarket converts.
 */
export class BitskinsClient {
  private readonly transport: MarketTransport;

  constructor(config: MarketClientConfig) {
    this.transport = new MarketTransport(
      'bitskins',
      config,
      { headers: () => ({ 'x-apikey': config.credential }), secrets: [config.credential] },
      (body) => {
        const record = (body ?? {}) as Record<string, unknown>;
        return {
          code: typeof record.code === 'string' ? record.code : null,
          message: typeof record.message === 'string' ? record.message : String(body ?? 'request refused'),
        };
      },
    );
  }

  /** POST /account/profile/balance: `balance` in mils. */
  getBalance() {
    return this.transport.json(
      { method: 'POST', path: '/account/profile/balance', json: {}, name: 'balance' },
      bitskinsBalanceSchema,
    );
  }

  /** POST /steam/inventory/list: the Steam items that can be deposited (listed). */
  getSteamInventory() {
    return this.transport.json(
      {
        method: 'POST',
        path: '/steam/inventory/list',
        json: { app_id: APP_ID },
        name: 'steam/inventory/list',
      },
      bitskinsSteamInventorySchema,
    );
  }

  /** POST /steam/deposit/many: deposits Steam items and lists them at prices in mils. */
  depositItems(items: { id: string; price: number }[]) {
    return this.transport.json(
      {
        method: 'POST',
        path: '/steam/deposit/many',
        json: { app_id: APP_ID, items },
        name: 'steam/deposit/many',
      },
      bitskinsDepositSchema,
    );
  }

  /** POST /market/search/mine/730: our listed items. */
  getMyListings(limit = 500, offset = 0) {
    return this.transport.json(
      {
        method: 'POST',
        path: `/market/search/mine/${APP_ID}`,
        json: { limit, offset, where_mine: ['listed'] },
        name: 'market/search/mine',
      },
      bitskinsListingsSchema,
    );
  }

  /** POST /market/update_price/single: a new price in mils. */
  updatePrice(id: string, price: number) {
    return this.transport.json(
      {
        method: 'POST',
        path: '/market/update_price/single',
        json: { app_id: APP_ID, id, price },
        name: 'market/update_price/single',
      },
      bitskinsResultSchema,
    );
  }

  /** POST /market/delist/single: takes an item off sale. */
  delist(id: string) {
    return this.transport.json(
      {
        method: 'POST',
        path: '/market/delist/single',
        json: { app_id: APP_ID, id },
        name: 'market/delist/single',
      },
      bitskinsResultSchema,
    );
  }

  /** POST /market/search/730: listings of some names, cheapest first. */
  searchMarket(params: { names: string[]; limit?: number; offset?: number }) {
    return this.transport.json(
      {
        method: 'POST',
        path: `/market/search/${APP_ID}`,
        json: {
          limit: params.limit ?? 30,
          offset: params.offset ?? 0,
          where: { skin_name: params.names },
          order: [{ field: 'price', order: 'ASC' }],
        },
        name: 'market/search',
      },
      bitskinsListingsSchema,
    );
  }

  /** GET /market/insell/730: min price (mils) and quantity of every name on sale. Public. */
  getInSell() {
    return this.transport.json(
      { method: 'GET', path: `/market/insell/${APP_ID}`, name: 'market/insell' },
      bitskinsInSellSchema,
    );
  }

  /** POST /market/buy/single: buys one listing for at most `max_price` mils. Spends money: never retried here. */
  buySingle(id: string, maxPrice: number) {
    return this.transport.json(
      {
        method: 'POST',
        path: '/market/buy/single',
        json: { app_id: APP_ID, id, max_price: maxPrice },
        name: 'market/buy/single',
        spends: true,
      },
      bitskinsBuySchema,
    );
  }

  /** POST /market/history/list: our bought or sold items, newest first. */
  getHistory(type: 'bought' | 'sold', limit = 500, offset = 0) {
    return this.transport.json(
      {
        method: 'POST',
        path: '/market/history/list',
        json: { type, limit, offset },
        name: 'market/history/list',
      },
      bitskinsHistorySchema,
    );
  }
}
