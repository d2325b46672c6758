import { z } from 'zod';

import { oneOrMany, waitQuerySchema } from './common-inputs.ts';
import { waitedJobRoute } from './job-routes.ts';
import { botFailedAccountsSchema, botServiceMarketSchema } from './service-market.ts';

/** The active buy orders of a market's accounts (the order loop of spec section 4), read through jobs. */

const activeOrdersQuerySchema = waitQuerySchema.extend({
  account: oneOrMany(z.coerce.number().int().positive())
    .optional()
    .describe('Market account ids (repeatable); default: every active account of the market with a key'),
});

export const botOrderSchema = z.object({
  market_account: z.number().int(),
  id: z.string(),
  market_hash_name: z.string(),
  price: z.string(),
  currency: z.string(),
  count: z.number().int(),
  phase: z.string(),
});

export const botActiveOrdersResultSchema = z.object({
  market: botServiceMarketSchema,
  accounts: z.array(
    z.object({ market_account: z.number().int(), orders: z.number().int(), pages: z.number().int() }),
  ),
  orders: z.array(botOrderSchema),
  failed_accounts: botFailedAccountsSchema,
});

export const botActiveOrdersStatsSchema = z.object({
  market: botServiceMarketSchema,
  orders: z.number().int(),
  items: z.number().int(),
  totals: z.array(z.object({ currency: z.string(), count: z.number().int(), total: z.string() })),
  accounts: z.array(
    z.object({ market_account: z.number().int(), orders: z.number().int(), total: z.string() }),
  ),
  failed_accounts: botFailedAccountsSchema,
});

export const botOrderRoutes = [
  waitedJobRoute(
    'bot-orders.active_orders',
    '/api-node/order-processing/{market}/get-active-orders/',
    'Every active buy order of the market accounts: the order loop of spec section 4 per account',
    'bot-orders',
    activeOrdersQuerySchema,
  ),
  waitedJobRoute(
    'bot-orders.active_orders_stats',
    '/api-node/order-processing/{market}/get-active-orders-stats/',
    'Counts and totals of the active buy orders, per currency and per account',
    'bot-orders',
    activeOrdersQuerySchema,
  ),
];
