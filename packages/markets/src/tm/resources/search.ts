import { z } from 'zod';

import { inBatches } from '../batches.ts';
import type { TmRequester } from '../tm-requester.ts';
import Big from 'big.js';

import { fromTmMajor, fromTmUnits, type TmCurrency } from '../tm-units.ts';
import {
  okEnvelope,
  optionalWireId,
  wireCount,
  wireCurrency,
  wireId,
  wireMajor,
  wireMinor,
} from '../tm-wire.ts';

/**
 * Order-book lookups by market hash name (marketplaces.md 1.4 and 1.7). Prices arrive as integers in the
 * minor units of the answer's `currency` (the account's), and leave as major-unit strings; the one
 * exception is get-list-items-info, whose sale statistics tm sends in major units (floats such as 16.99).
 */

export interface TmPriceLevel {
  price: string;
  count: number;
}

export interface TmSearchGroup {
  marketHashName: string;
  price: string;
  classid: string | null;
  instanceid: string | null;
  /** 0: already sold. */
  count: number;
}

export interface TmSearchOffer {
  id: string;
  price: string;
  classid: string | null;
  instanceid: string | null;
  float: string | null;
  phase: string | null;
}

/** get-list-items-info: a name's recent sales, all amounts major units of `currency`. */
export interface TmItemSalesInfo {
  marketHashName: string;
  currency: TmCurrency;
  max: string;
  min: string;
  /** tm's average, exact as sent (it carries mils even for RUB: 15.962). */
  average: string;
  /** Newest first, as tm sends them; `time` in unix seconds. */
  history: { time: number; price: string }[];
}

/** search-list-items-by-hash-name-all takes at most 50 names per call. */
export const TM_SEARCH_LIST_BATCH = 50;

/**
 * get-list-items-info names per call. tm documents no limit; 50, as for search-list-items-by-hash-name-all,
 * is our choice (the simulator refuses more with bad_input).
 */
export const TM_LIST_ITEMS_INFO_BATCH = 50;

const levelSchema = z.looseObject({ price: wireMinor, count: wireCount.optional() });
const bidAskSchema = okEnvelope.extend({
  currency: wireCurrency.optional(),
  bid: z.array(levelSchema).nullish(),
  ask: z.array(levelSchema).nullish(),
});

const searchItemSchema = okEnvelope.extend({
  currency: wireCurrency.optional(),
  data: z
    .array(
      z.looseObject({
        market_hash_name: z.string().optional(),
        price: wireMinor,
        class: optionalWireId,
        instance: optionalWireId,
        count: wireCount.optional(),
      }),
    )
    .nullish(),
});

const offerSchema = z.looseObject({
  id: wireId,
  price: wireMinor,
  class: optionalWireId,
  instance: optionalWireId,
  extra: z
    .looseObject({ float: z.union([z.string(), z.number()]).nullish(), phase: z.string().nullish() })
    .nullish(),
});
const searchListSchema = okEnvelope.extend({
  currency: wireCurrency.optional(),
  data: z.record(z.string(), z.array(offerSchema).nullable()).nullish(),
});

const salesOfName = z.looseObject({
  max: wireMajor,
  min: wireMajor,
  average: wireMajor,
  history: z.array(z.tuple([z.coerce.number(), wireMajor])).nullish(),
});
type SalesOfName = z.output<typeof salesOfName>;

const salesInfoSchema = okEnvelope.extend({
  currency: wireCurrency.optional(),
  // A name tm has no sales of is left out (an empty answer may come as [] rather than {}).
  data: z
    .union([
      z.record(z.string(), salesOfName),
      z.array(z.never()).transform((): Record<string, SalesOfName> => ({})),
    ])
    .nullish(),
});

export class TmSearchResource {
  constructor(private readonly tm: TmRequester) {}

  /** bid-ask?hash_name=: the buy orders (bid, highest first) and offers (ask, cheapest first) of a name. */
  async bidAsk(hashName: string, phase?: string): Promise<{ bid: TmPriceLevel[]; ask: TmPriceLevel[] }> {
    const answer = await this.tm.call('bid-ask', {
      query: { hash_name: hashName, ...(phase ? { phase } : {}) },
      schema: bidAskSchema,
    });
    const currency = answer.currency ?? this.tm.currency;
    const level = (entry: z.output<typeof levelSchema>) => ({
      price: fromTmUnits(entry.price, currency),
      count: entry.count ?? 1,
    });
    return { bid: (answer.bid ?? []).map(level), ask: (answer.ask ?? []).map(level) };
  }

  /** search-item-by-hash-name: offers of a name grouped by price and class. */
  async searchItemByHashName(hashName: string): Promise<TmSearchGroup[]> {
    const answer = await this.tm.call('search-item-by-hash-name', {
      query: { hash_name: hashName },
      schema: searchItemSchema,
    });
    const currency = answer.currency ?? this.tm.currency;
    return (answer.data ?? []).map((entry) => ({
      marketHashName: entry.market_hash_name ?? hashName,
      price: fromTmUnits(entry.price, currency),
      classid: entry.class,
      instanceid: entry.instance,
      count: entry.count ?? 1,
    }));
  }

  /**
   * search-list-items-by-hash-name-all?list_hash_name[]=…: every offer of each name (used for
   * undercutting), in batches of 50 names. Names tm does not know map to an empty list.
   */
  async searchListItemsByHashNameAll(hashNames: readonly string[]): Promise<Map<string, TmSearchOffer[]>> {
    const entries = await inBatches(hashNames, TM_SEARCH_LIST_BATCH, async (batch) => {
      const answer = await this.tm.call('search-list-items-by-hash-name-all', {
        query: { 'list_hash_name[]': batch },
        schema: searchListSchema,
      });
      const currency: TmCurrency = answer.currency ?? this.tm.currency;
      return batch.map((name): [string, TmSearchOffer[]] => [
        name,
        (answer.data?.[name] ?? []).map((offer) => ({
          id: offer.id,
          price: fromTmUnits(offer.price, currency),
          classid: offer.class,
          instanceid: offer.instance,
          float:
            offer.extra?.float === null || offer.extra?.float === undefined
              ? null
              : String(offer.extra.float),
          phase: offer.extra?.phase ?? null,
        })),
      ]);
    });
    const out = new Map(entries);
    return out;
  }

  /**
   * get-list-items-info?list_hash_name[]=…: each name's recent sales (max, min, average and the sales
   * themselves), in batches of 50 names. Unlike bid-ask and the searches, tm sends these amounts in MAJOR
   * units of the answer's currency (16.99 RUB, not 1699). Names without sales are missing from the map.
   */
  async listItemsInfo(hashNames: readonly string[]): Promise<Map<string, TmItemSalesInfo>> {
    const batches = await inBatches(hashNames, TM_LIST_ITEMS_INFO_BATCH, async (batch) => {
      const answer = await this.tm.call('get-list-items-info', {
        query: { 'list_hash_name[]': batch },
        schema: salesInfoSchema,
      });
      const currency: TmCurrency = answer.currency ?? this.tm.currency;
      return Object.entries(answer.data ?? {}).map(([name, info]): TmItemSalesInfo => ({
        marketHashName: name,
        currency,
        max: fromTmMajor(info.max, currency),
        min: fromTmMajor(info.min, currency),
        average: new Big(String(info.average)).toString(),
        history: (info.history ?? []).map(([time, price]) => ({
          time,
          price: fromTmMajor(price, currency),
        })),
      }));
    });
    return new Map(batches.map((info) => [info.marketHashName, info]));
  }
}
