import { z } from 'zod';

import { pageQueryShape, queryRowId, zeroOne } from './common-inputs.ts';
import { defineRoute, paginatedSchema } from '../routes/route-def.ts';

/** An alert the console shows (a ban, repeated 429s, a Steam session lost, a proxy down, ...). */
export const botAlertSchema = z.object({
  id: z.number().int(),
  /**
   * market-ban, rate-limited, steam-session, proxy-down, delivery-failed, listing-failed, order-failed,
   * spend-guard, spend-unknown, spend-settled, market-key-rejected; the console titles each (jobResults.alertKind).
   */
  kind: z.string(),
  severity: z.enum(['error', 'warning', 'info']),
  message: z.string(),
  market_account: z.number().int().nullable(),
  steam_account: z.number().int().nullable(),
  proxy: z.number().int().nullable(),
  details: z.record(z.string(), z.unknown()),
  /** Raised again while unacknowledged: count and last_at go up instead of a new alert. */
  count: z.number().int(),
  first_at: z.string(),
  last_at: z.string(),
  acknowledged_at: z.string().nullable(),
});
export type BotAlert = z.infer<typeof botAlertSchema>;

export const botAlertListQuerySchema = z.object({
  acknowledged: zeroOne.optional(),
  after_id: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  market_account: queryRowId.optional(),
  ...pageQueryShape,
});

export const botAlertRoutes = [
  defineRoute({
    id: 'bot-alerts.list',
    method: 'GET',
    path: '/api-node/alerts/',
    tag: 'bot-alerts',
    summary: 'Alerts, newest first (filters: acknowledged 0/1, after_id, market_account)',
    query: botAlertListQuerySchema,
    response: paginatedSchema(botAlertSchema),
  }),
  defineRoute({
    id: 'bot-alerts.ack',
    method: 'POST',
    path: '/api-node/alerts/{id}/ack/',
    tag: 'bot-alerts',
    summary: 'Acknowledge one alert (raised again later, it starts a new one)',
    response: botAlertSchema,
  }),
  defineRoute({
    id: 'bot-alerts.ack-all',
    method: 'POST',
    path: '/api-node/alerts/ack-all/',
    tag: 'bot-alerts',
    summary: 'Acknowledge every open alert',
    response: z.object({ acknowledged: z.number().int() }),
  }),
];
