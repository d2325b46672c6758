import type { z } from 'zod';

import { MarketTransport, type MarketCall, type MarketClientConfig } from '../kit/market-transport.ts';
import {
  waxpeerBuyOrdersSchema,
  waxpeerBuySchema,
  waxpeerCreateOrderSchema,
  waxpeerEditResultSchema,
  waxpeerHistorySchema,
  waxpeerInventorySchema,
  waxpeerListedItemsSchema,
  waxpeerListResultSchema,
  waxpeerPricesSchema,
  waxpeerProjectTradesSchema,
  waxpeerRemoveOrdersSchema,
  waxpeerRemoveResultSchema,
  waxpeerUserSchema,
} from './waxpeer-types.ts';

/** Waxpeer prices are integer mils: 1000 = $1. */
export const WAXPEER_UNITS_PER_USD = 1000;

const GAME = 'csgo';

/**
 * Waxpeer takes the Steam asset id as a JSON number. Asset ids are 64-bit: one above 2^53 would be rounded by
 * a JS number and name another item, so it is refused instead of sent.
 */
function assetNumber(assetId: string): number {
  const value = Number(assetId);
  if (!/^\d+$/.test(assetId) || !Number.isSafeInteger(value))
    throw new RangeError(`asset id ${assetId} cannot be sent to Waxpeer as an exact JSON number`);
  return value;
}

/**
 * The Waxpeer API v1 (`<base>/v1/<method>?api=<key>`), one method per call it has. Amounts are the wire's
 * integer mils; WaxpeerMarket converts. Every answer carries `success`; `success:false` is a MarketApiError
 * with Waxpeer's `msg`. The credential is the API key.
 */
export class WaxpeerClient {
  private readonly transport: MarketTransport;

  constructor(config: MarketClientConfig) {
    this.transport = new MarketTransport(
      'waxpeer',
      config,
      { query: { api: config.credential }, secrets: [config.credential] },
      (body) => {
        const record = (body ?? {}) as Record<string, unknown>;
        const msg =
          typeof record.msg === 'string' ? record.msg : typeof body === 'string' ? body : 'request refused';
        return { code: typeof record.msg === 'string' ? record.msg : null, message: msg };
      },
    );
  }

  /** GET user: the profile; `user.wallet` is the balance in mils. */
  getProfile() {
    return this.call({ method: 'GET', path: '/v1/user', name: 'user' }, waxpeerUserSchema);
  }

  /** GET get-my-inventory: items that can be listed (`item_id` is the Steam asset id). */
  getMyInventory(skip = 0) {
    return this.call(
      { method: 'GET', path: '/v1/get-my-inventory', query: { skip, game: GAME }, name: 'get-my-inventory' },
      waxpeerInventorySchema,
    );
  }

  /** GET fetch-my-inventory: asks Waxpeer to reload the Steam inventory. */
  fetchMyInventory() {
    return this.call(
      { method: 'GET', path: '/v1/fetch-my-inventory', query: { game: GAME }, name: 'fetch-my-inventory' },
      waxpeerInventorySchema.pick({ success: true, msg: true }),
    );
  }

  /** POST list-items-steam: lists Steam items at prices in mils. One bot saw a limit of 2 calls per 120 s. */
  listItems(items: { item_id: string; price: number }[]) {
    return this.call(pricedItemsCall('list-items-steam', items), waxpeerListResultSchema);
  }

  /** GET list-items-steam: our listings. */
  getListedItems() {
    return this.call(
      { method: 'GET', path: '/v1/list-items-steam', query: { game: GAME }, name: 'my-listed-items' },
      waxpeerListedItemsSchema,
    );
  }

  /** POST edit-items: new prices in mils; a price of 0 removes the item. */
  editItems(items: { item_id: string; price: number }[]) {
    return this.call(pricedItemsCall('edit-items', items), waxpeerEditResultSchema);
  }

  /** GET remove-items: takes listings off sale. */
  removeItems(itemIds: string[]) {
    return this.call(
      { method: 'GET', path: '/v1/remove-items', query: { id: itemIds }, name: 'remove-items' },
      waxpeerRemoveResultSchema,
    );
  }

  /** GET prices: min (mils) and offer count of every item on sale. */
  getPrices(search?: string) {
    return this.call(
      { method: 'GET', path: '/v1/prices', query: { game: GAME, search }, name: 'prices' },
      waxpeerPricesSchema,
    );
  }

  /**
   * GET buy-one-p2p-name: buys the cheapest offer of a name at most `price` mils, sent to a trade link.
   * Spends money: never retried here; `project_id` is our id for check-many-project-id.
   */
  buyByName(params: { name: string; price: number; partner: string; token: string; project_id: string }) {
    return this.call(
      {
        method: 'GET',
        path: '/v1/buy-one-p2p-name',
        query: { ...params, game: GAME },
        name: 'buy-one-p2p-name',
        spends: true,
      },
      waxpeerBuySchema,
    );
  }

  /** GET check-many-project-id: purchases by our project ids. */
  checkProjectIds(projectIds: string[]) {
    return this.call(
      {
        method: 'GET',
        path: '/v1/check-many-project-id',
        query: { id: projectIds },
        name: 'check-many-project-id',
      },
      waxpeerProjectTradesSchema,
    );
  }

  /** GET buy-orders: our buy orders (`own=1`), optionally of one name. */
  getBuyOrders(options: { name?: string; skip?: number } = {}) {
    return this.call(
      {
        method: 'GET',
        path: '/v1/buy-orders',
        query: { skip: options.skip ?? 0, name: options.name, own: 1, game: GAME },
        name: 'buy-orders',
      },
      waxpeerBuyOrdersSchema,
    );
  }

  /** POST create-buy-order: `amount` items at most `price` mils each. Spends money: never retried here. */
  createBuyOrder(params: { name: string; amount: number; price: number }) {
    return this.call(
      {
        method: 'POST',
        path: '/v1/create-buy-order',
        query: { ...params, game: GAME },
        name: 'create-buy-order',
        spends: true,
      },
      waxpeerCreateOrderSchema,
    );
  }

  /** POST edit-buy-order: a new amount and price (mils) for a standing order. */
  editBuyOrder(params: { id: string; amount: number; price: number }) {
    return this.call(
      {
        method: 'POST',
        path: '/v1/edit-buy-order',
        json: { id: Number(params.id), amount: params.amount, price: params.price },
        name: 'edit-buy-order',
        spends: true,
      },
      waxpeerCreateOrderSchema,
    );
  }

  /** GET remove-buy-order: cancels buy orders. */
  removeBuyOrders(ids: string[]) {
    return this.call(
      { method: 'GET', path: '/v1/remove-buy-order', query: { id: ids }, name: 'remove-buy-order' },
      waxpeerRemoveOrdersSchema,
    );
  }

  /** POST my-history: sales and purchases between `start` and `end` (ISO times), at most 100 per call. */
  getMyHistory(params: { skip?: number; start: string; end: string; sort?: 'ASC' | 'DESC' }) {
    return this.call(
      {
        method: 'POST',
        path: '/v1/my-history',
        json: { skip: params.skip ?? 0, start: params.start, end: params.end, sort: params.sort ?? 'DESC' },
        name: 'my-history',
      },
      waxpeerHistorySchema,
    );
  }

  private async call<S extends z.ZodType<{ success: boolean }>>(
    call: MarketCall,
    schema: S,
  ): Promise<z.infer<S>> {
    const body = await this.transport.json(call, schema);
    if (!body.success) throw this.transport.refusal(call, 200, body);
    return body;
  }
}

/**
 * A POST of list-items-steam or edit-items, named by its path: each asset id as an exact JSON number, its
 * price in mils.
 */
function pricedItemsCall(name: string, items: { item_id: string; price: number }[]): MarketCall {
  const json = { items: items.map((item) => ({ item_id: assetNumber(item.item_id), price: item.price })) };
  return { method: 'POST', path: `/v1/${name}`, query: { game: GAME }, json, name };
}
