import { z } from 'zod';

import { MARKET_CODES } from '../enums.ts';

/** The columns the board sorts by ("-" before one for descending). */
export const PRICE_BOARD_ORDERINGS = [
  'market_hash_name',
  'best_buy',
  'best_sell',
  'spread',
  'spread_pct',
  'volume',
] as const;
export type PriceBoardOrdering = (typeof PRICE_BOARD_ORDERINGS)[number];

const decimalText = /^-?\d{1,9}(\.\d{1,4})?$/;

/** One query value, the last of a repeated key (DRF reads a repeated single-valued key's last). */
const single = (value: unknown) => (Array.isArray(value) ? value[value.length - 1] : value);

/** markets=tm,dmarket or markets=tm&markets=dmarket: the same list. */
const marketList = z.preprocess(
  (value) =>
    (Array.isArray(value) ? value : [value])
      .filter((v): v is string => typeof v === 'string')
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter((v) => v !== ''),
  z.array(z.enum(MARKET_CODES)).min(1),
);

export const priceBoardQuerySchema = z.object({
  page: z.preprocess(single, z.coerce.number().int().min(1)).optional(),
  page_size: z.preprocess(single, z.coerce.number().int().min(1).max(10000)).optional(),
  currency: z.preprocess(single, z.enum(['RUB', 'USD'])).default('RUB'),
  min_spread_pct: z
    .preprocess(single, z.string().regex(decimalText, 'Ожидается число. (A number is expected.)'))
    .optional()
    .describe('Only rows whose spread is at least this many percent of the cheapest buy'),
  min_volume: z
    .preprocess(single, z.coerce.number().int().min(0).max(2_000_000_000))
    .optional()
    .describe('Only rows whose volume (summed over the markets shown) is at least this'),
  markets: marketList.optional().describe('Markets to compare (comma-separated or repeated); all by default'),
  search: z.preprocess(single, z.string().max(200)).optional().describe('Part of the market hash name'),
  ordering: z
    .preprocess(
      single,
      z.enum([...PRICE_BOARD_ORDERINGS, ...PRICE_BOARD_ORDERINGS.map((o) => `-${o}` as const)]),
    )
    .default('-spread_pct'),
});
export type PriceBoardQuery = z.output<typeof priceBoardQuerySchema>;

const money = z.string().describe('Decimal string in the board currency, 2 decimals');

/** One marketplace's prices of a name, converted to the board currency. */
export const priceBoardMarketSchema = z.object({
  market: z.enum(MARKET_CODES),
  /** The cheapest offer: what buying there costs. */
  buy: money.nullable(),
  /** What selling there at the cheapest offer's price brings after the market's fee. */
  sell: money.nullable(),
  /** The best buy order after the fee: what an instant sale brings. */
  buy_order: money.nullable(),
  fee: z.string().describe('Seller fee as a fraction (0.05 = 5 %)'),
  volume: z.number().int().nullable(),
  /** The list's own price and currency, unconverted. */
  price: z.string().nullable(),
  currency: z.string(),
  classid_instanceid: z.string().nullable(),
  updated_at: z.string(),
  age_seconds: z.number().int(),
});
export type PriceBoardMarket = z.infer<typeof priceBoardMarketSchema>;

export const priceBoardRowSchema = z.object({
  market_hash_name: z.string(),
  /** The catalogue's toy of the name; null when it is not in the catalogue. */
  toy: z.number().int().nullable(),
  /** The markets where the toy already has a market toy row. */
  catalogue_markets: z.array(z.enum(MARKET_CODES)),
  best_buy: money.nullable(),
  buy_market: z.enum(MARKET_CODES).nullable(),
  /** The best sale after fees on a market other than buy_market. */
  best_sell: money.nullable(),
  sell_market: z.enum(MARKET_CODES).nullable(),
  spread: money.nullable(),
  spread_pct: z.string().nullable().describe('spread / best_buy × 100, 2 decimals'),
  volume: z.number().int(),
  markets: z.array(priceBoardMarketSchema),
});
export type PriceBoardRow = z.infer<typeof priceBoardRowSchema>;

export const priceBoardResponseSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  currency: z.enum(['RUB', 'USD']),
  fees: z.record(z.string(), z.string()),
  results: z.array(priceBoardRowSchema),
});
export type PriceBoardResponse = z.infer<typeof priceBoardResponseSchema>;
