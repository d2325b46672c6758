import { z } from 'zod';

import { marketHashNamesBodySchema } from './common-inputs.ts';
import { waitedJobRoute } from './job-routes.ts';
import { botServiceMarketSchema } from './service-market.ts';
import { defineRoute } from '../routes/route-def.ts';

/** The market database: the imported price lists of a market and which account orders which name. */

export const botMarketPriceRowSchema = z.object({
  market: z.string(),
  market_hash_name: z.string(),
  price: z.string().nullable(),
  buy_order: z.string().nullable(),
  currency: z.string(),
  volume: z.number().int().nullable(),
  updated_at: z.string(),
});
export type BotMarketPriceRow = z.infer<typeof botMarketPriceRowSchema>;

export const botMarketDatabaseStatsSchema = z.object({
  market: botServiceMarketSchema,
  items: z.number().int(),
  with_buy_order: z.number().int(),
  last_import_at: z.string().nullable(),
  last_import_job: z.string().nullable(),
  distribution: z.array(z.object({ market_account: z.number().int(), items: z.number().int() })),
});
export type BotMarketDatabaseStats = z.infer<typeof botMarketDatabaseStatsSchema>;

export const botMarketDatabaseRoutes = [
  defineRoute({
    id: 'bot-market-database.orders_stats',
    method: 'GET',
    path: '/api-node/market-database/{market}/orders/get-stats/',
    tag: 'bot-market-database',
    summary: 'What the imported price lists hold for the market, and how its names are distributed',
    response: botMarketDatabaseStatsSchema,
  }),
  defineRoute({
    id: 'bot-market-database.orders_reset_distribution',
    method: 'GET',
    path: '/api-node/market-database/{market}/orders/reset-distribution/',
    tag: 'bot-market-database',
    summary: 'Forget which market account places the buy order of which name (a GET that writes)',
    response: z.object({ success: z.literal(true), removed: z.number().int() }),
  }),
  waitedJobRoute(
    'bot-market-database.account_items',
    '/api-node/market-database/{market}/items/{accountId}/get-items/',
    "One market account's items on the marketplace (accountId: market_account.id)",
    'bot-market-database',
  ),
  defineRoute({
    id: 'bot-market-database.get_prices',
    method: 'POST',
    path: '/api-node/market-database/{market}/prices/get-prices/',
    tag: 'bot-market-database',
    summary: 'Imported prices of the given market hash names (no marketplace call)',
    body: marketHashNamesBodySchema,
    response: z.object({
      currency: z.string(),
      results: z.array(botMarketPriceRowSchema),
      missing: z.array(z.string()),
    }),
  }),
];
