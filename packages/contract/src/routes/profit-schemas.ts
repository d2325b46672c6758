import { z } from 'zod';

import { CURRENCIES, MARKET_CODES } from '../enums.ts';

/** A repeatable query key: one value arrives as a string, several as a list. */
const repeated = <T extends z.ZodType>(item: T, max = 100) =>
  z
    .preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item).min(1).max(max))
    .optional();

/** A day (the whole day, UTC) or an exact time. */
const dayOrTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/**
 * The filters of every profit summary: deals realised (sold) from date_from to date_to (a day includes the
 * whole UTC day), touching one of the markets, accounts or items named (either side of the deal), in one
 * reporting currency.
 */
export const profitQuerySchema = z.object({
  date_from: dayOrTime.optional(),
  date_to: dayOrTime.optional(),
  market: repeated(z.enum(MARKET_CODES), 20),
  market_account: repeated(z.coerce.number().int().positive()),
  steam_account: repeated(z.coerce.number().int().positive()),
  market_hash_name: repeated(z.string().trim().min(1).max(512)),
  currency: z.enum(CURRENCIES).default('RUB'),
});
export type ProfitQuery = z.output<typeof profitQuerySchema>;

export const profitItemsQuerySchema = profitQuerySchema.extend({
  ordering: z
    .enum(['profit', '-profit', 'deals', '-deals', 'market_hash_name', '-market_hash_name'])
    .default('-profit')
    .describe('-profit: the best items first; profit: the worst first'),
  limit: z.coerce.number().int().min(1).max(1000).default(10),
});
export type ProfitItemsQuery = z.output<typeof profitItemsQuerySchema>;

const amount = z.string().describe('Decimal text in the reporting currency');

/** Sums over sold units: sales, fees and purchases each rounded per deal, so profit = sales − fees − purchases. */
export const profitSumsSchema = z.object({
  deals: z.number().int(),
  sales: amount,
  sale_fees: amount,
  purchases: amount,
  purchase_fees: amount,
  profit: amount,
});
export type ProfitSums = z.output<typeof profitSumsSchema>;

export const profitTotalsResponseSchema = profitSumsSchema.extend({
  currency: z.enum(CURRENCIES),
  avg_holding_seconds: z
    .number()
    .int()
    .nullable()
    .describe('Mean time from purchase to sale of the sold units'),
  held_units: z.number().int().describe('Units bought and not sold (whatever the dates)'),
  held_cost: amount.describe('What the held units cost, fees included'),
  unbought_sales: z.number().int().describe('Sales in the period with no purchase in the history'),
});
export type ProfitTotals = z.output<typeof profitTotalsResponseSchema>;

export const profitByDayResponseSchema = z.object({
  currency: z.enum(CURRENCIES),
  results: z.array(profitSumsSchema.extend({ day: z.iso.date() })),
});
export const profitByMarketResponseSchema = z.object({
  currency: z.enum(CURRENCIES),
  results: z.array(
    profitSumsSchema.extend({ market: z.string().nullable().describe('Where the unit was sold') }),
  ),
});
export const profitByItemResponseSchema = z.object({
  currency: z.enum(CURRENCIES),
  results: z.array(
    profitSumsSchema.extend({
      market_hash_name: z.string(),
      avg_holding_seconds: z.number().int().nullable(),
    }),
  ),
});
