import { z } from 'zod';

import { HttpParseError, mapInSlices } from '@toydesk/http';

import { parseSemicolonCsv } from '../item-db-csv.ts';
import type { TmRequester } from '../tm-requester.ts';
import { fromTmMajorOrNull, fromTmUnits, isTmCurrency, type TmCurrency } from '../tm-units.ts';
import { wireCurrency } from '../tm-wire.ts';

/**
 * tm's public files (marketplaces.md 1.6): no key, and not counted against one, so they carry no
 * rate-limit key. Prices are decimal strings in major units, the item database CSV kopecks. The lists
 * can be large: each call takes a `timeoutMs` beyond the marketplace client's 10 s.
 */

export interface TmClassInstancePrice {
  /** `classid_instanceid`. */
  classInstance: string;
  marketHashName: string;
  /** The cheapest offer. */
  price: string | null;
  /** The best buy order. */
  buyOrder: string | null;
  avgPrice: string | null;
  popularity7d: number | null;
  ruName: string | null;
}

export interface TmPriceList<T> {
  time: number | null;
  currency: TmCurrency;
  items: T[];
}

export interface TmItemDbRow {
  classid: string;
  instanceid: string;
  /** c_price (kopecks) in roubles. */
  priceRub: string | null;
  offers: number | null;
  popularity: number | null;
  rarity: string | null;
  quality: string | null;
  /** c_stickers; "0" means none. */
  stickers: string | null;
  /** c_market_name (Russian). */
  marketName: string | null;
  /** c_market_name_en. */
  marketHashName: string | null;
  nameColor: string | null;
}

const decimalText = z.union([z.string(), z.number()]).nullish();

const classInstanceSchema = z.looseObject({
  time: z.number().nullish(),
  currency: wireCurrency.optional(),
  items: z
    .record(
      z.string(),
      z.looseObject({
        price: decimalText,
        buy_order: decimalText,
        avg_price: decimalText,
        popularity_7d: z.union([z.string(), z.number()]).nullish(),
        market_hash_name: z.string(),
        ru_name: z.string().nullish(),
      }),
    )
    .nullish(),
});

const orderListSchema = z.looseObject({
  time: z.number().nullish(),
  currency: wireCurrency.optional(),
  items: z.array(z.looseObject({ market_hash_name: z.string(), price: decimalText })).nullish(),
});

const itemDbIndexSchema = z.looseObject({
  time: z.number().nullish(),
  db: z.string().regex(/^[\w.-]+\.csv$/),
});

const count = (value: string | number | null | undefined) => {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
};

export class TmPublicFilesResource {
  constructor(private readonly tm: TmRequester) {}

  /** prices/class_instance/{CUR}.json: per classid_instanceid the cheapest offer and the best buy order. */
  async classInstancePrices(
    currency: TmCurrency = this.tm.currency,
    options: { timeoutMs?: number } = {},
  ): Promise<TmPriceList<TmClassInstancePrice>> {
    const answer = await this.tm.call('prices/class_instance', {
      segments: [`${checked(currency)}.json`],
      ...options,
      schema: classInstanceSchema,
    });
    const cur = answer.currency ?? currency;
    return {
      time: answer.time ?? null,
      currency: cur,
      // 100,000 rows of decimal conversions: in slices, as the answer's parse and check were.
      items: await mapInSlices(Object.entries(answer.items ?? {}), ([classInstance, item]) => ({
        classInstance,
        marketHashName: item.market_hash_name,
        price: fromTmMajorOrNull(item.price, cur),
        buyOrder: fromTmMajorOrNull(item.buy_order, cur),
        avgPrice: fromTmMajorOrNull(item.avg_price, cur),
        popularity7d: count(item.popularity_7d),
        ruName: item.ru_name ?? null,
      })),
    };
  }

  /** prices/orders/{CUR}.json: the best standing buy order per name. */
  async orderPrices(
    currency: TmCurrency = this.tm.currency,
    options: { timeoutMs?: number } = {},
  ): Promise<TmPriceList<{ marketHashName: string; price: string | null }>> {
    const answer = await this.tm.call('prices/orders', {
      segments: [`${checked(currency)}.json`],
      ...options,
      schema: orderListSchema,
    });
    const cur = answer.currency ?? currency;
    return {
      time: answer.time ?? null,
      currency: cur,
      items: await mapInSlices(answer.items ?? [], (item) => ({
        marketHashName: item.market_hash_name,
        price: fromTmMajorOrNull(item.price, cur),
      })),
    };
  }

  /** itemdb/current_730.json names the current CSV; the CSV is fetched and parsed. */
  async itemDb(
    options: { timeoutMs?: number } = {},
  ): Promise<{ time: number | null; file: string; rows: TmItemDbRow[] }> {
    const index = await this.tm.call('itemdb/current_730', {
      ...options,
      schema: itemDbIndexSchema,
    });
    const response = await this.tm.publicText('itemdb', { segments: [index.db], ...options });
    if (/^\s*</.test(response.text)) {
      throw new HttpParseError(
        {
          code: 'ERR_PARSE',
          call: this.tm.callName('itemdb'),
          method: 'GET',
          url: response.url,
          status: response.status,
          statusText: response.statusText,
          bodyText: response.text.slice(0, 200),
          attempts: response.attempts,
        },
        'body is HTML, CSV expected',
      );
    }
    const rows = parseSemicolonCsv(response.text).map((row): TmItemDbRow => ({
      classid: row.c_classid ?? '',
      instanceid: row.c_instanceid ?? '',
      priceRub: /^\d+$/.test(row.c_price ?? '') ? fromTmUnits(Number(row.c_price), 'RUB') : null,
      offers: count(row.c_offers),
      popularity: count(row.c_popularity),
      rarity: row.c_rarity || null,
      quality: row.c_quality || null,
      stickers: row.c_stickers || null,
      marketName: row.c_market_name || null,
      marketHashName: row.c_market_name_en || null,
      nameColor: row.c_name_color || null,
    }));
    return { time: index.time ?? null, file: index.db, rows };
  }
}

function checked(currency: TmCurrency): TmCurrency {
  if (!isTmCurrency(currency)) throw new TypeError(`tm: unknown currency ${String(currency)}`);
  return currency;
}
