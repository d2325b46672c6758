import { z } from 'zod';

import { CURRENCIES, MARKET_CODES, RECORD_STATUSES, SIDES } from '../enums.ts';
import { moneyInputSchema } from '../fields.ts';

/** Request and reply shapes of the special (non-CRUD) endpoints. */

const mhnList = z.array(z.string().trim().min(1).max(512)).max(50000);
const dateOrDatetime = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

export const avgStatsByNameBodySchema = z.object({
  market_hash_names: mhnList.optional(),
  markets: z.array(z.enum(MARKET_CODES)).max(20).optional(),
  date_from: dateOrDatetime.optional(),
  date_to: dateOrDatetime.optional(),
  record_statuses: z.array(z.enum(RECORD_STATUSES)).max(5).optional().describe('Default: normal only'),
  currency: z.enum(CURRENCIES).optional().describe('Only rows in this currency; default RUB'),
  steam_accounts: z.array(z.number().int().positive()).max(10000).optional(),
  market_accounts: z.array(z.number().int().positive()).max(10000).optional(),
});
export const avgStatsByNameRowSchema = z.object({
  market_hash_name: z.string(),
  buy_count: z.number().int(),
  buy_avg: z.string().nullable(),
  buy_min: z.string().nullable(),
  buy_max: z.string().nullable(),
  sell_count: z.number().int(),
  sell_avg: z.string().nullable(),
  sell_min: z.string().nullable(),
  sell_max: z.string().nullable(),
});
export const avgStatsByNameResponseSchema = z.object({
  currency: z.enum(CURRENCIES),
  results: z.array(avgStatsByNameRowSchema),
});

export const setPointStatusQuerySchema = z
  .object({
    id: z.coerce.number().int().positive().optional(),
    market: z.enum(MARKET_CODES).optional(),
    market_hash_name: z.string().min(1).max(512).optional(),
    date: z.iso.date().optional(),
    status: z.enum(RECORD_STATUSES),
  })
  .refine((q) => q.id !== undefined || (q.market && q.market_hash_name && q.date), {
    message: 'Укажите id или market, market_hash_name и date (give id, or market, market_hash_name and date)',
    path: ['id'],
  });
export const setPointStatusResponseSchema = z.object({
  success: z.literal(true),
  point: z.number().int().describe('Price points changed'),
  history: z
    .number()
    .int()
    .describe('History rows of that item, market and day given the same record status'),
});

export const statsByDateRowSchema = z.object({
  date: z.string(),
  side: z.enum(SIDES),
  count: z.number().int(),
  total: z.string(),
  avg_price: z.string(),
  min_price: z.string(),
  max_price: z.string(),
});
export const statsByDateResponseSchema = z.object({
  currency: z.enum(CURRENCIES),
  results: z.array(statsByDateRowSchema),
});

export const countByMhnRowSchema = z.object({
  market_hash_name: z.string(),
  count: z.number().int(),
  min_price: z.string().nullable(),
  max_price: z.string().nullable(),
  total: z.string().nullable(),
});
export const historyCountByMhnRowSchema = z.object({
  market_hash_name: z.string(),
  count: z.number().int(),
  buy_count: z.number().int(),
  sell_count: z.number().int(),
});

export const forSellRowSchema = z.object({
  inventory_id: z.number().int(),
  steam_account: z.number().int(),
  steam_account_name: z.string(),
  asset_id: z.string(),
  classid_instanceid: z.string().nullable(),
  market_hash_name: z.string(),
  toy: z.number().int().nullable(),
  icon_url: z.string().nullable(),
  market: z.enum(MARKET_CODES),
  price_sell: z.string().nullable(),
  on_sale_count: z.number().int(),
});

export const connectItemsBodySchema = z.object({
  ids: z
    .array(z.number().int().positive())
    .max(100000)
    .optional()
    .describe('Rows to link; default every unlinked row'),
});
export const connectItemsResponseSchema = z.object({
  connected: z.number().int(),
  by_classid_instanceid: z.number().int(),
  by_market_hash_name: z.number().int(),
  unmatched: z.number().int(),
});

export const setIgnorePriceQuerySchema = z
  .object({
    id: z.array(z.coerce.number().int().positive()).max(1000).optional(),
    market_hash_name: z.array(z.string().min(1).max(512)).max(1000).optional(),
    value: z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
  })
  .refine((q) => (q.id?.length ?? 0) + (q.market_hash_name?.length ?? 0) > 0, {
    message: 'Укажите id или market_hash_name (give id or market_hash_name)',
    path: ['id'],
  });

export const onlyMarketHashNameResponseSchema = z.object({
  count: z.number().int(),
  results: z.array(z.string()),
});

export const loginBodySchema = z.object({
  username: z.string().min(1).max(150),
  password: z.string().min(1).max(1024),
});

export const moneyString = moneyInputSchema;
