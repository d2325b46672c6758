import { z } from 'zod';

import { maybe, numberish, wireId } from '../kit/wire.ts';

/**
 * Skinport wire shapes (api.skinport.com/v1). Amounts are major-unit floats in the requested currency.
 * Sources: skinport.js and client code for /items and /sales/history [lib][code]; /account/transactions
 * follows the library's model [lib][mem].
 */

export const skinportItemsSchema = z.array(
  z.object({
    market_hash_name: z.string(),
    currency: z.string(),
    suggested_price: maybe(numberish),
    min_price: maybe(numberish),
    max_price: maybe(numberish),
    mean_price: maybe(numberish),
    median_price: maybe(numberish),
    quantity: z.number(),
    item_page: maybe(z.string()),
  }),
);

const period = maybe(
  z.object({
    min: maybe(numberish),
    max: maybe(numberish),
    avg: maybe(numberish),
    median: maybe(numberish),
    volume: z.number(),
  }),
);

export const skinportSalesHistorySchema = z.array(
  z.object({
    market_hash_name: z.string(),
    currency: z.string(),
    last_24_hours: period,
    last_7_days: period,
    last_30_days: period,
    last_90_days: period,
  }),
);

export const skinportTransactionsSchema = z.object({
  pagination: z.object({
    page: z.number(),
    pages: z.number(),
    limit: z.number(),
    order: z.string().optional(),
  }),
  data: z.array(
    z.object({
      id: wireId,
      type: z.string(),
      sub_type: maybe(z.string()),
      status: maybe(z.string()),
      amount: numberish,
      fee: maybe(numberish),
      currency: z.string(),
      // `null` on a withdrawal (the documented example), a list on purchases and sale credits.
      items: z
        .array(z.object({ sale_id: maybe(wireId), market_hash_name: z.string() }))
        .nullish()
        .transform((items) => items ?? []),
      created_at: z.string(),
    }),
  ),
});
export type SkinportTransaction = z.infer<typeof skinportTransactionsSchema>['data'][number];
