import type { z } from 'zod';

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

  /** A JSON POST, named in logs and metrics by its path without the leading slash and the app id. */
  private post<S extends z.ZodType>(path: string, json: unknown, schema: S, options: { spends?: true } = {}) {
    const name = path.slice(1).replace(`/${APP_ID}`, '');
    return this.transport.json({ method: 'POST', path, json, name, ...options }, schema);
  }

  /** POST /account/profile/balance: `balance` in mils. */
  getBalance() {
    return this.post('/account/profile/balance', {}, bitskinsBalanceSchema);
  }

  /** POST /steam/inventory/list: the Steam items that can be deposited (listed). */
  getSteamInventory() {
    return this.post('/steam/inventory/list', { app_id: APP_ID }, bitskinsSteamInventorySchema);
  }

  /** POST /steam/deposit/many: deposits Steam items and lists them at prices in mils. */
  depositItems(items: { id: string; price: number }[]) {
    return this.post('/steam/deposit/many', { app_id: APP_ID, items }, bitskinsDepositSchema);
  }

  /** POST /market/search/mine/730: our listed items. */
  getMyListings(limit = 500, offset = 0) {
    return this.post(
      `/market/search/mine/${APP_ID}`,
      { limit, offset, where_mine: ['listed'] },
      bitskinsListingsSchema,
    );
  }

  /** POST /market/update_price/single: a new price in mils. */
  updatePrice(id: string, price: number) {
    return this.post('/market/update_price/single', { app_id: APP_ID, id, price }, bitskinsResultSchema);
  }

  /** POST /market/delist/single: takes an item off sale. */
  delist(id: string) {
    return this.post('/market/delist/single', { app_id: APP_ID, id }, bitskinsResultSchema);
  }

  /** POST /market/search/730: listings of some names, cheapest first. */
  searchMarket(params: { names: string[]; limit?: number; offset?: number }) {
    return this.post(
      `/market/search/${APP_ID}`,
      {
        limit: params.limit ?? 30,
        offset: params.offset ?? 0,
        where: { skin_name: params.names },
        order: [{ field: 'price', order: 'ASC' }],
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
    return this.post('/market/buy/single', { app_id: APP_ID, id, max_price: maxPrice }, bitskinsBuySchema, {
      spends: true,
    });
  }

  /** POST /market/history/list: our bought or sold items, newest first. */
  getHistory(type: 'bought' | 'sold', limit = 500, offset = 0) {
    return this.post('/market/history/list', { type, limit, offset }, bitskinsHistorySchema);
  }
}
