import Big from 'big.js';
import { z } from 'zod';

import { inBatches } from '../batches.ts';
import { spendCall, type TmSpendReport } from '../money-safety.ts';
import type { TmRequester } from '../tm-requester.ts';
import { fromTmMajor, fromTmMajorOrNull, fromTmUnits, TM_UNITS_PER_MAJOR, toTmUnits } from '../tm-units.ts';
import { okEnvelope, optionalWireId, wireCount, wireFlag, wireId, wireMajor, wireMinor } from '../tm-wire.ts';
import { testSchema, testStatusOf, type TmTestStatus } from './account.ts';
import type { TmHistoryResource } from './history.ts';
import type { TmOrdersResource } from './orders.ts';

/**
 * Legacy v1 calls under `/api/<Method>/` that bots still use (marketplaces.md 1.5). Prices are integers in
 * the account's minor units: kopecks for the RUB accounts every known caller uses them with.
 */

export interface TmMassInfoLevels {
  /** 0 none; 1 the cheapest 50 offers plus ours; 2 the single cheapest. */
  sell: 0 | 1 | 2;
  /** The same for buy orders. */
  buy: 0 | 1 | 2;
  /** 0 none; 1 the last 100 sales; 2 the last 10. */
  history: 0 | 1 | 2;
  /** 0 none; 1 name and type; 2 plus the buy hash and image; 3 plus the Steam description. */
  info: 0 | 1 | 2 | 3;
}

export interface TmMassInfoLevel {
  price: string;
  count: number;
  myCount: number;
}

export interface TmMassInfo {
  classid: string;
  instanceid: string;
  sellOffers: { bestOffer: string | null; offers: TmMassInfoLevel[] } | null;
  buyOffers: { bestOffer: string | null; offers: TmMassInfoLevel[] } | null;
  history: {
    max: string | null;
    min: string | null;
    average: string | null;
    number: number;
    sales: { time: number; price: string }[];
  } | null;
  /** The info part as tm sends it (market_hash_name, hash, image, description, …). */
  info: ({ marketHashName: string | null } & Record<string, unknown>) | null;
}

export interface TmProcessOrderParams {
  classid: string;
  instanceid: string;
  /** Major units (legacy: kopecks on the wire); "0" deletes the order. */
  price: string;
  /** Speeds up the safety check (get-orders lists names, not class ids); looked up with MassInfo if absent. */
  marketHashName?: string;
}

export interface TmProcessOrderResult {
  /** insert, update, delete, buy; `order` when an unclear answer was confirmed from get-orders. */
  way: string;
  purchaseId: string | null;
}

export interface TmLegacyInventoryItem {
  assetId: string;
  marketHashName: string;
  marketName: string | null;
  classid: string | null;
  instanceid: string | null;
  tradable: boolean;
  /** i_market_price, in roubles. */
  marketPriceRub: string | null;
}

/** MassInfo takes at most 100 class_instance ids per call. */
export const TM_MASS_INFO_BATCH = 100;

/** How far back the ProcessOrder check looks for a purchase it might have made (clock skew included). */
const PROCESS_ORDER_LOOKBACK_S = 120;

const sellLevel = z.looseObject({
  price: wireMinor,
  count: wireCount.optional(),
  my_count: wireCount.optional(),
});
const buyLevel = z.looseObject({
  o_price: wireMinor,
  c: wireCount.optional(),
  my_count: wireCount.optional(),
});
const massInfoSchema = okEnvelope.extend({
  results: z
    .array(
      z.looseObject({
        classid: wireId,
        instanceid: wireId,
        sell_offers: z
          .looseObject({ best_offer: wireMinor.nullish(), offers: z.array(sellLevel).nullish() })
          .nullish(),
        buy_offers: z
          .looseObject({ best_offer: wireMinor.nullish(), offers: z.array(buyLevel).nullish() })
          .nullish(),
        history: z
          .looseObject({
            max: wireMinor.nullish(),
            min: wireMinor.nullish(),
            average: z.union([z.number(), z.string()]).nullish(),
            number: wireCount.nullish(),
            history: z.array(z.tuple([z.coerce.number(), wireMinor])).nullish(),
          })
          .nullish(),
        info: z.looseObject({ market_hash_name: z.string().nullish() }).nullish(),
      }),
    )
    .nullish(),
});

type MassInfoRaw = NonNullable<z.output<typeof massInfoSchema>['results']>[number];

const processOrderSchema = okEnvelope.extend({ way: z.string().nullish(), id: optionalWireId });
const removeAllSchema = okEnvelope.extend({ num: z.number().nullish() });
const deleteOrdersSchema = okEnvelope.extend({ deleted_orders: z.number().nullish() });
const getInvSchema = okEnvelope.extend({
  data: z
    .array(
      z.looseObject({
        ui_id: wireId,
        i_market_hash_name: z.string(),
        i_market_name: z.string().nullish(),
        i_classid: optionalWireId,
        i_instanceid: optionalWireId,
        ui_tradable: wireFlag.optional(),
        i_market_price: wireMajor.nullish(),
      }),
    )
    .nullish(),
});
const stickersSchema = okEnvelope.extend({
  data: z.array(z.looseObject({ id: wireId, name: z.string() })).nullish(),
});
const wsAuthSchema = okEnvelope.extend({ wsAuth: z.string() });
const profileHashSchema = okEnvelope.extend({ hash: z.string() });

export class TmLegacyResource {
  constructor(
    private readonly tm: TmRequester,
    private readonly orders: TmOrdersResource,
    private readonly history: TmHistoryResource,
  ) {}

  /**
   * MassInfo/{sell}/{buy}/{history}/{info}: POST, form `list=<classid>_<instanceid>,…`, in batches of 100
   * ids. A read: it is retried once like a GET. Ids tm does not know are left out of the answer.
   */
  async massInfo(levels: TmMassInfoLevels, classInstanceIds: readonly string[]): Promise<TmMassInfo[]> {
    const segments = [levels.sell, levels.buy, levels.history, levels.info];
    return inBatches(classInstanceIds, TM_MASS_INFO_BATCH, async (batch) => {
      const answer = await this.tm.call('MassInfo', {
        segments,
        form: [['list', batch.join(',')]],
        schema: massInfoSchema,
      });
      return (answer.results ?? []).map((result) => this.massInfoOf(result));
    });
  }

  /**
   * ProcessOrder/{classid}/{instanceid}/{price}/: creates, updates or (price 0) deletes an auto-buy order,
   * and buys at once if an offer at or below the price exists. Spends money: never retried blindly; after
   * an unclear failure the client reads get-orders (and, for an instant purchase, operation-history) and
   * sends once more only if neither shows it. tm has no idempotency key for it: an answer that timed out
   * while the request was still queued at tm may land after the check (see README).
   */
  async processOrder(params: TmProcessOrderParams): Promise<TmProcessOrderResult & TmSpendReport> {
    const price = toTmUnits(params.price, this.tm.currency, 'down');
    const startedAt = this.tm.clock.now();
    return spendCall(this.tm, 'ProcessOrder', {
      customId: null,
      attempt: async () => {
        const answer = await this.tm.call('ProcessOrder', {
          segments: [params.classid, params.instanceid, price],
          schema: processOrderSchema,
        });
        return { way: answer.way ?? 'unknown', purchaseId: answer.id };
      },
      check: () => this.processOrderHappened(params, price, startedAt),
    });
  }

  /** RemoveAll/: takes every listing off sale (they must be listed again). */
  async removeAll(): Promise<{ count: number }> {
    const answer = await this.tm.call('RemoveAll', { schema: removeAllSchema });
    return { count: answer.num ?? 0 };
  }

  /** DeleteOrders/: removes every buy order. */
  async deleteOrders(): Promise<{ deleted: number }> {
    const answer = await this.tm.call('DeleteOrders', { schema: deleteOrdersSchema });
    return { deleted: answer.deleted_orders ?? 0 };
  }

  /** GetInv/: Steam items not on sale, with tm's price in roubles. */
  async getInv(): Promise<TmLegacyInventoryItem[]> {
    const answer = await this.tm.call('GetInv', { schema: getInvSchema });
    return (answer.data ?? []).map((item) => ({
      assetId: item.ui_id,
      marketHashName: item.i_market_hash_name,
      marketName: item.i_market_name ?? null,
      classid: item.i_classid,
      instanceid: item.i_instanceid,
      tradable: item.ui_tradable ?? true,
      marketPriceRub: fromTmMajorOrNull(item.i_market_price, 'RUB'),
    }));
  }

  /** GetStickers/?lang= (default ru, spec section 7). */
  async getStickers(lang: 'ru' | 'en' = 'ru'): Promise<{ id: string; name: string }[]> {
    const answer = await this.tm.call('GetStickers', {
      query: { lang },
      schema: stickersSchema,
    });
    return (answer.data ?? []).map((sticker) => ({ id: sticker.id, name: sticker.name }));
  }

  /** GetWSAuth/: the legacy WebSocket auth token (about 60 s). */
  async getWsAuth(): Promise<{ wsAuth: string }> {
    const answer = await this.tm.call('GetWSAuth', { schema: wsAuthSchema });
    return { wsAuth: answer.wsAuth };
  }

  async getMyProfileHash(): Promise<{ hash: string }> {
    const answer = await this.tm.call('GetMyProfileHash', { schema: profileHashSchema });
    return { hash: answer.hash };
  }

  /** Test/: the same flags as v2 `test` (an account status check, 25 s). */
  async test(): Promise<TmTestStatus> {
    const answer = await this.tm.call('Test', { schema: testSchema });
    return testStatusOf(answer);
  }

  private massInfoOf(result: MassInfoRaw): TmMassInfo {
    const currency = this.tm.currency;
    const minor = (value: number | null | undefined) =>
      value === null || value === undefined ? null : fromTmUnits(value, currency);
    const { sell_offers: sell, buy_offers: buy, history, info } = result;
    return {
      classid: result.classid,
      instanceid: result.instanceid,
      sellOffers: sell
        ? {
            bestOffer: minor(sell.best_offer),
            offers: (sell.offers ?? []).map((level) => ({
              price: fromTmUnits(level.price, currency),
              count: level.count ?? 0,
              myCount: level.my_count ?? 0,
            })),
          }
        : null,
      buyOffers: buy
        ? {
            bestOffer: minor(buy.best_offer),
            offers: (buy.offers ?? []).map((level) => ({
              price: fromTmUnits(level.o_price, currency),
              count: level.c ?? 0,
              myCount: level.my_count ?? 0,
            })),
          }
        : null,
      history: history
        ? {
            max: minor(history.max),
            min: minor(history.min),
            average:
              history.average === null || history.average === undefined
                ? null
                : fromTmMajor(
                    new Big(String(history.average)).div(TM_UNITS_PER_MAJOR[currency]).toString(),
                    currency,
                  ),
            number: history.number ?? 0,
            sales: (history.history ?? []).map(([time, price]) => ({
              time,
              price: fromTmUnits(price, currency),
            })),
          }
        : null,
      info: info ? { ...info, marketHashName: info.market_hash_name ?? null } : null,
    };
  }

  private async processOrderHappened(
    params: TmProcessOrderParams,
    price: number,
    startedAt: number,
  ): Promise<TmProcessOrderResult | null> {
    const name = params.marketHashName ?? (await this.nameOf(params.classid, params.instanceid));
    const order = (await this.orders.getAllOrders()).find(
      (candidate) => candidate.marketHashName === name && candidate.phase === '',
    );
    if (price === 0) return order === undefined ? { way: 'delete', purchaseId: null } : null;
    if (order !== undefined && toTmUnits(order.price, order.currency, 'down') === price) {
      return { way: 'order', purchaseId: null };
    }
    // An offer at or below the price is bought at once, and then no order is left: look for the purchase.
    const since = new Date((Math.floor(startedAt / 1000) - PROCESS_ORDER_LOOKBACK_S) * 1000);
    const bought = (await this.history.operationHistory(since)).find(
      (entry) =>
        entry.event === 'buy' &&
        entry.classid === params.classid &&
        entry.instanceid === params.instanceid &&
        entry.paid !== null &&
        toTmUnits(entry.paid, entry.currency, 'down') <= price,
    );
    return bought ? { way: 'buy', purchaseId: bought.itemId } : null;
  }

  private async nameOf(classid: string, instanceid: string): Promise<string> {
    const [info] = await this.massInfo({ sell: 0, buy: 0, history: 0, info: 1 }, [
      `${classid}_${instanceid}`,
    ]);
    const name = info?.info?.marketHashName;
    if (!name)
      throw new Error(`${this.tm.callName('MassInfo')}: no market_hash_name for ${classid}_${instanceid}`);
    return name;
  }
}
