import { z } from 'zod';

import { spendCall, type TmSpendReport } from '../money-safety.ts';
import { TmError } from '../tm-errors.ts';
import type { TmRequester } from '../tm-requester.ts';
import { fromTmUnits, toTmUnits, type TmCurrency } from '../tm-units.ts';
import { okEnvelope, optionalWireId, wireCurrency, wireId, wireMinor } from '../tm-wire.ts';

/** buy and the purchase lookup by custom_id (marketplaces.md 1.4). */

export type TmBuyParams = {
  /** The most we pay, major units of the client's currency (rounded down to tm's unit). */
  price: string;
  /** Generated when not given; returned, so the caller can look the purchase up later. */
  customId?: string;
} & ({ hashName: string; listingId?: undefined } | { listingId: string; hashName?: undefined });

export interface TmBuyResult {
  customId: string;
  /** tm's purchase id (items[].item_id of the purchase, get-buy-info's item_id). */
  purchaseId: string;
}

/** get-buy-info-by-custom-id `stage`: 1 new / in progress, 2 item given, 5 timed out (refunded). */
export interface TmBuyInfo {
  stage: number;
  purchaseId: string;
  marketHashName: string | null;
  classid: string | null;
  instanceid: string | null;
  paid: string | null;
  currency: TmCurrency;
  time: number | null;
  tradeId: string | null;
  /**
   * settlement (unix seconds): the item is in the buyer's inventory and tm settles the deal after Steam's
   * trade protection ends then; null when tm sends 0 or nothing.
   */
  settlementAt: number | null;
}

const buySchema = okEnvelope.extend({ id: wireId });

const buyInfoSchema = okEnvelope.extend({
  data: z.looseObject({
    stage: z.coerce.number(),
    // tm's own sample of this answer (the settlement announcement) leaves currency out: the account's.
    currency: wireCurrency.optional(),
    item_id: wireId,
    market_hash_name: z.string().nullish(),
    classid: optionalWireId,
    instance: optionalWireId,
    time: z.number().nullish(),
    paid: wireMinor.nullish(),
    trade_id: optionalWireId,
    settlement: z.coerce.number().nullish(),
  }),
});

export class TmBuyingResource {
  constructor(
    private readonly tm: TmRequester,
    private readonly newCustomId: () => string,
  ) {}

  /**
   * buy?hash_name=|id=&price=&cur=&custom_id=. Spends money: never retried blindly. After a timeout, a
   * dropped connection or a 5xx the client asks get-buy-info-by-custom-id whether the purchase exists, and
   * buys once more, with the same custom_id, only if it does not. Refusals (price_too_low, not_enough_money,
   * …) throw TmError.
   */
  async buy(params: TmBuyParams): Promise<TmBuyResult & TmSpendReport> {
    const customId = params.customId ?? this.newCustomId();
    const target = params.listingId !== undefined ? { id: params.listingId } : { hash_name: params.hashName };
    const query = {
      ...target,
      price: toTmUnits(params.price, this.tm.currency, 'down'),
      cur: this.tm.currency,
      custom_id: customId,
    };
    return spendCall(this.tm, 'buy', {
      customId,
      attempt: async () => {
        const answer = await this.tm.call('buy', {
          query,
          schema: buySchema,
        });
        return { customId, purchaseId: answer.id };
      },
      check: async () => {
        const info = await this.getBuyInfoByCustomId(customId);
        return info === null ? null : { customId, purchaseId: info.purchaseId };
      },
    });
  }

  /** get-buy-info-by-custom-id: the purchase, or null when tm has none with that id. */
  async getBuyInfoByCustomId(customId: string): Promise<TmBuyInfo | null> {
    let answer;
    try {
      answer = await this.tm.call('get-buy-info-by-custom-id', {
        query: { custom_id: customId },
        schema: buyInfoSchema,
      });
    } catch (error) {
      if (error instanceof TmError && error.code === 'not_found') return null;
      throw error;
    }
    const data = answer.data;
    const currency = data.currency ?? this.tm.currency;
    return {
      stage: data.stage,
      purchaseId: data.item_id,
      marketHashName: data.market_hash_name ?? null,
      classid: data.classid,
      instanceid: data.instance,
      paid: data.paid === null || data.paid === undefined ? null : fromTmUnits(data.paid, currency),
      currency,
      time: data.time ?? null,
      tradeId: data.trade_id,
      settlementAt: data.settlement ? data.settlement : null,
    };
  }
}
