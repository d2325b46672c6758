import { z } from 'zod';

import { inBatches } from '../batches.ts';
import type { TmRequester } from '../tm-requester.ts';
import { fromTmUnits, type TmCurrency } from '../tm-units.ts';
import { okEnvelope, optionalWireId, wireCount, wireCurrency, wireId, wireMinor } from '../tm-wire.ts';

/**
 * Order-book lookups by market hash name (marketplaces.md 1.4 and 1.7). Prices arrive as integers in the
 * minor units of the answer's `currency` (the account's), and leave as major-unit strings.
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

/** search-list-items-by-hash-name-all takes at most 50 names per call. */
export const TM_SEARCH_LIST_BATCH = 50;

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

export class TmSearchResource {
  constructor(private readonly tm: TmRequester) {}

  /** bid-ask?hash_name=: the buy orders (bid, highest first) and offers (ask, cheapest first) of a name. */
  async bidAsk(hashName: string, phase?: string): Promise<{ bid: TmPriceLevel[]; ask: TmPriceLevel[] }> {
    const answer = await this.tm.call({
      name: 'bid-ask',
      path: '/api/v2/bid-ask',
      query: { hash_name: hashName, ...(phase ? { phase } : {}) },
      timeout: 'marketClient',
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
    const answer = await this.tm.call({
      name: 'search-item-by-hash-name',
      path: '/api/v2/search-item-by-hash-name',
      query: { hash_name: hashName },
      timeout: 'marketClient',
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
      const answer = await this.tm.call({
        name: 'search-list-items-by-hash-name-all',
        path: '/api/v2/search-list-items-by-hash-name-all',
        query: { 'list_hash_name[]': batch },
        timeout: 'marketClient',
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
}
