import { z } from 'zod';

import { spendCall, type TmSpendReport } from '../money-safety.ts';
import type { TmRequester } from '../tm-requester.ts';
import { fromTmUnits, toTmUnits, type TmCurrency } from '../tm-units.ts';
import { okEnvelope, optionalWireId, wireCount, wireCurrency, wireId, wireMinor } from '../tm-wire.ts';

/** Buy orders (marketplaces.md 1.4): get-orders pages, the order loop, set-order. */

export interface TmOrder {
  id: string;
  marketHashName: string;
  /** Per item, major units of `currency`. */
  price: string;
  currency: TmCurrency;
  count: number;
  phase: string;
  partner: string | null;
  token: string | null;
  time: number | null;
}

export interface TmSetOrderParams {
  marketHashName: string;
  /** Per item, major units of the client's currency (rounded down). "0" deletes the order. */
  price: string;
  count: number;
  /** Doppler phase, where the item has one. */
  phase?: string;
  /** Buy for someone else's trade link. */
  partner?: string;
  token?: string;
}

/** get-orders pages hold 100 orders; a page with fewer is the last (spec section 9). */
export const TM_ORDERS_PAGE_SIZE = 100;

/** The order loop gives up past this many pages (1,000,000 orders): a server ignoring `page` loops forever. */
const MAX_ORDER_PAGES = 10_000;

const orderSchema = z.looseObject({
  id: wireId,
  hash_name: z.string(),
  price: wireMinor,
  count: wireCount,
  phase: z.string().nullish(),
  partner: optionalWireId,
  token: z.string().nullish(),
  time: z.number().nullish(),
  currency: wireCurrency.optional(),
});

const ordersSchema = okEnvelope.extend({ orders: z.array(orderSchema).nullish() });
const setOrderSchema = okEnvelope.extend({ order: orderSchema.nullish() });

export class TmOrdersResource {
  constructor(private readonly tm: TmRequester) {}

  /** get-orders?page=N: one page of our buy orders; pages start at 0 (marketplaces.md, the simulator). */
  async getOrders(page = 0): Promise<TmOrder[]> {
    const answer = await this.tm.call('get-orders', {
      query: { page: Math.max(0, Math.floor(page)) },
      schema: ordersSchema,
    });
    return (answer.orders ?? []).map((order) => this.orderOf(order));
  }

  /**
   * The order loop (spec sections 4 and 9): pages 0, 1, 2, … until a page holds fewer than 100 orders. A
   * failed page request fails the whole loop (it throws): a partial list must not pass for all orders.
   */
  async getAllOrders(): Promise<TmOrder[]> {
    const all: TmOrder[] = [];
    let previousFirst: string | null = null;
    for (let page = 0; page < MAX_ORDER_PAGES; page += 1) {
      const orders = await this.getOrders(page);
      const first = orders[0]?.id ?? null;
      if (page > 0 && first !== null && first === previousFirst) {
        throw new Error(`${this.tm.callName('get-orders')}: page ${page} repeats page ${page - 1}`);
      }
      previousFirst = first;
      all.push(...orders);
      if (orders.length < TM_ORDERS_PAGE_SIZE) return all;
    }
    throw new Error(`${this.tm.callName('get-orders')}: more than ${MAX_ORDER_PAGES} pages`);
  }

  /**
   * set-order: places or replaces the order for a name (and phase); a price of "0" deletes it. Spends
   * money, so never retried blindly: after an unclear failure the client reads every order page and
   * compares; only if the order is not as asked does it send once more. Returns the order (null when
   * deleted).
   */
  async setOrder(params: TmSetOrderParams): Promise<{ order: TmOrder | null } & TmSpendReport> {
    const price = toTmUnits(params.price, this.tm.currency, 'down');
    const phase = params.phase ?? '';
    const query = {
      market_hash_name: params.marketHashName,
      count: params.count,
      price,
      ...(phase === '' ? {} : { phase }),
      ...(params.partner ? { partner: params.partner } : {}),
      ...(params.token ? { token: params.token } : {}),
    };
    return spendCall(this.tm, 'set-order', {
      customId: null,
      attempt: async () => {
        const answer = await this.tm.call('set-order', {
          query,
          schema: setOrderSchema,
        });
        return { order: answer.order ? this.orderOf(answer.order) : null };
      },
      check: async () => {
        const existing = (await this.getAllOrders()).find(
          (order) => order.marketHashName === params.marketHashName && order.phase === phase,
        );
        if (price === 0) return existing === undefined ? { order: null } : null;
        const asked = existing !== undefined && existing.count === params.count;
        return asked && toTmUnits(existing.price, existing.currency, 'down') === price
          ? { order: existing }
          : null;
      },
    });
  }

  private orderOf(order: z.output<typeof orderSchema>): TmOrder {
    const currency = order.currency ?? this.tm.currency;
    return {
      id: order.id,
      marketHashName: order.hash_name,
      price: fromTmUnits(order.price, currency),
      currency,
      count: order.count,
      phase: order.phase ?? '',
      partner: order.partner,
      token: order.token ?? null,
      time: order.time ?? null,
    };
  }
}
