import { z } from 'zod';

import { defineRoute } from '../routes/route-def.ts';
import { jobRoute } from './job-routes.ts';

export const TRADING_LOOP_NAMES = ['keep-online', 'deliver', 'list-reprice', 'dynamic-orders'] as const;
export const tradingLoopNameSchema = z.enum(TRADING_LOOP_NAMES);
export type TradingLoopName = z.infer<typeof tradingLoopNameSchema>;

/**
 * A sentence the bots say as a machine-readable code and its parameters, so the console can say it in its
 * own language; the English text beside it stays for logs. `dry_run` counts the actions a dry-run tick only
 * recorded, by action kind ("listed": 50).
 */
export const botTextSchema = z.object({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  dry_run: z.record(z.string(), z.number().int()).optional(),
});
export type BotText = z.infer<typeof botTextSchema>;

export const botTradingActionSchema = z.object({
  at: z.string(),
  kind: z.string(),
  dry_run: z.boolean(),
  detail: z.record(z.string(), z.unknown()),
});

/** One trading loop of one market account: its switch and what its last ticks did. */
export const botTradingStatusSchema = z.object({
  market_account: z.number().int(),
  loop: tradingLoopNameSchema,
  enabled: z.boolean(),
  dry_run: z.boolean(),
  /** paused: the marketplace rejected the account's key; last_error says why (issue 11 item 5). */
  state: z.enum(['off', 'scheduled', 'running', 'stopped', 'failed', 'paused']),
  last_run_at: z.string().nullable(),
  next_run_at: z.string().nullable(),
  last_summary: z.string().nullable(),
  /** last_summary as code and parameters (from the last tick's job; absent while it runs or when purged). */
  last_summary_text: botTextSchema.nullable().optional(),
  last_error: z.string().nullable(),
  last_job: z.string().nullable(),
  /** Newest first, at most 50. */
  recent_actions: z.array(botTradingActionSchema),
  /**
   * Why the marketplace rejected the account's key (on every loop of the account, whatever its switch),
   * null while the key works; absent from services before issue 11.
   */
  key_rejected: z.string().nullable().optional(),
});
export type BotTradingStatus = z.infer<typeof botTradingStatusSchema>;

/** Prices to set on the market for listings of one market account; "0" takes the listing off sale. */
export const botSetPricesBodySchema = z.object({
  items: z
    .array(
      z.object({
        item_id: z.string().trim().min(1).max(64),
        price: z
          .string()
          .trim()
          .regex(
            /^\d{1,12}(\.\d{1,2})?$/,
            'Цена: не более 2 знаков после точки (a price with at most 2 decimals)',
          ),
      }),
    )
    .min(1)
    .max(1000),
});
export type BotSetPricesBody = z.infer<typeof botSetPricesBodySchema>;

export const botTradingRoutes = [
  defineRoute({
    id: 'bot-trading.list',
    method: 'GET',
    path: '/api-node/trading/',
    tag: 'bot-trading',
    summary: 'The trading loops of every market account (or of one): switch, state, last ticks',
    query: z.object({ market_account: z.coerce.number().int().positive().optional() }),
    response: z.object({ results: z.array(botTradingStatusSchema) }),
  }),
  jobRoute(
    'bot-trading.run',
    '/api-node/trading/{id}/{loop}/run',
    'Run one tick of a loop for a market account now (also with its switch off; dry_run honoured)',
    { tag: 'bot-trading' },
  ),
  jobRoute(
    'bot-trading.set-prices',
    '/api-node/trading/{id}/set-prices',
    'Set (or, with price "0", take off sale) the prices of listings of a market account on the market',
    {
      tag: 'bot-trading',
      body: botSetPricesBodySchema,
      description:
        'Path id: market account. tm family only (tm, tm_usd, cs7, cs7_proxy): MassSetPriceById in batches, then ' +
        'the sell_item rows follow; dry_run accounts only log what would change.',
    },
  ),
];
