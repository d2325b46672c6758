import { MarketTransport, type MarketClientConfig } from '../kit/market-transport.ts';
import {
  csfloatBuyOrderSchema,
  csfloatBuyOrdersSchema,
  csfloatInventorySchema,
  csfloatListingPageSchema,
  csfloatListingSchema,
  csfloatMeSchema,
  csfloatMessageSchema,
  csfloatPriceListSchema,
  csfloatTradesSchema,
} from './csfloat-types.ts';

/** CSFloat prices are integer US cents. */
export const CSFLOAT_UNITS_PER_USD = 100;

const API = '/api/v1';

/**
 * The CSFloat API (`<base>/api/v1`), one method per call. The credential is the API key, sent raw in the
 * `Authorization` header (no scheme). Amounts are the wire's cents; CsfloatMarket converts. Errors are
 * `{code, message}` with a 4xx status.
 */
export class CsfloatClient {
  private readonly transport: MarketTransport;

  constructor(config: MarketClientConfig) {
    this.transport = new MarketTransport(
      'csfloat',
      config,
      { headers: () => ({ authorization: config.credential }), secrets: [config.credential] },
      (body) => {
        const record = (body ?? {}) as Record<string, unknown>;
        return {
          code: record.code === undefined ? null : String(record.code),
          message: typeof record.message === 'string' ? record.message : String(body ?? 'request refused'),
        };
      },
    );
  }

  /** GET /me: `user.steam_id`, `user.balance` (cents). */
  getMe() {
    return this.transport.json({ method: 'GET', path: `${API}/me`, name: 'me' }, csfloatMeSchema);
  }

  /** GET /me/inventory: the Steam items that can be listed. */
  getInventory() {
    return this.transport.json(
      { method: 'GET', path: `${API}/me/inventory`, name: 'me/inventory' },
      csfloatInventorySchema,
    );
  }

  /**
   * POST /listings: a buy-now listing of a Steam asset at `price` cents. `max_offer_discount` (basis points of
   * the price: 1500 lets a buyer's offer be accepted at 85%) is always sent: without it CSFloat applies the
   * account's profile default (docs.csfloat.com, "List an item"), and the listing accepts offers below its
   * price. 0 means no offer below the price.
   */
  createListing(params: { asset_id: string; price: number; max_offer_discount: number }) {
    if (!Number.isSafeInteger(params.max_offer_discount) || params.max_offer_discount < 0)
      throw new RangeError('max_offer_discount must be a whole number of basis points, 0 or more');
    return this.transport.json(
      {
        method: 'POST',
        path: `${API}/listings`,
        json: {
          asset_id: params.asset_id,
          price: params.price,
          type: 'buy_now',
          max_offer_discount: params.max_offer_discount,
        },
        name: 'listings/create',
      },
      csfloatListingSchema,
    );
  }

  /** PATCH /listings/{id}: a new price in cents. */
  updateListing(id: string, price: number) {
    return this.transport.json(
      {
        method: 'PATCH',
        path: `${API}/listings/${encodeURIComponent(id)}`,
        json: { price },
        name: 'listings/update',
      },
      csfloatListingSchema,
    );
  }

  /** DELETE /listings/{id}: takes a listing off sale. */
  deleteListing(id: string) {
    return this.transport.json(
      { method: 'DELETE', path: `${API}/listings/${encodeURIComponent(id)}`, name: 'listings/delete' },
      csfloatMessageSchema,
    );
  }

  /** GET /users/{steamid}/stall: a user's listings (ours with our steam id). */
  getStall(steamId: string, limit = 999) {
    return this.transport.json(
      {
        method: 'GET',
        path: `${API}/users/${encodeURIComponent(steamId)}/stall`,
        query: { limit },
        name: 'users/stall',
      },
      csfloatListingPageSchema,
    );
  }

  /** GET /listings: buy-now listings of a name, cheapest first. */
  searchListings(params: { market_hash_name: string; limit?: number }) {
    return this.transport.json(
      {
        method: 'GET',
        path: `${API}/listings`,
        query: {
          market_hash_name: params.market_hash_name,
          sort_by: 'lowest_price',
          type: 'buy_now',
          limit: params.limit ?? 50,
        },
        name: 'listings/search',
      },
      csfloatListingPageSchema,
    );
  }

  /** GET /listings/price-list: the lowest price (cents) and offer count of every listed name. */
  getPriceList() {
    return this.transport.json(
      { method: 'GET', path: `${API}/listings/price-list`, name: 'listings/price-list' },
      csfloatPriceListSchema,
    );
  }

  /** POST /listings/buy: buys listings for exactly `total_price` cents. Spends money: never retried here. */
  buyListings(params: { contract_ids: string[]; total_price: number }) {
    return this.transport.json(
      { method: 'POST', path: `${API}/listings/buy`, json: params, name: 'listings/buy', spends: true },
      csfloatMessageSchema,
    );
  }

  /** POST /buy-orders: `quantity` items at most `max_price` cents each. Spends money: never retried here. */
  createBuyOrder(params: { market_hash_name: string; max_price: number; quantity: number }) {
    return this.transport.json(
      { method: 'POST', path: `${API}/buy-orders`, json: params, name: 'buy-orders/create', spends: true },
      csfloatBuyOrderSchema,
    );
  }

  /** GET /me/buy-orders: our buy orders, newest first, 100 per page. */
  getMyBuyOrders(page = 0, limit = 100) {
    return this.transport.json(
      {
        method: 'GET',
        path: `${API}/me/buy-orders`,
        query: { page, limit, order: 'desc' },
        name: 'me/buy-orders',
      },
      csfloatBuyOrdersSchema,
    );
  }

  /** DELETE /buy-orders/{id}. */
  deleteBuyOrder(id: string) {
    return this.transport.json(
      { method: 'DELETE', path: `${API}/buy-orders/${encodeURIComponent(id)}`, name: 'buy-orders/delete' },
      csfloatMessageSchema,
    );
  }

  /** GET /me/trades: our purchases and sales, newest first. */
  getTrades(page = 0, limit = 100) {
    return this.transport.json(
      { method: 'GET', path: `${API}/me/trades`, query: { page, limit }, name: 'me/trades' },
      csfloatTradesSchema,
    );
  }
}
