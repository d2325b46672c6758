import { z } from 'zod';

import { defineEntity } from '../entity.ts';
import { field } from '../fields.ts';
import { pageQueryShape, queryRowId, zeroOne } from './common-inputs.ts';
import { defineRoute, paginatedSchema } from '../routes/route-def.ts';

/** An alert the console shows (a ban, repeated 429s, a Steam session lost, a proxy down, ...). */
export const BOT_ALERT_SEVERITIES = ['error', 'warning', 'info'] as const;

export const botAlertEntity = defineEntity('bot_alert', 'Bot alert', {
  id: field.id(),
  kind: field.readOnlyText({
    description:
      'market-ban, rate-limited, steam-session, proxy-down, delivery-failed, listing-failed, order-failed, ' +
      'spend-guard, spend-unknown, spend-settled, market-key-rejected; the console titles each (jobResults.alertKind)',
  }),
  severity: field.enum(BOT_ALERT_SEVERITIES),
  message: field.readOnlyText(),
  market_account: field.fk('market_account', { nullable: true }),
  steam_account: field.fk('steam_account', { nullable: true }),
  proxy: field.fk('proxy', { nullable: true }),
  details: field.json(z.record(z.string(), z.unknown()), { readOnly: true }),
  count: field.int({
    description: 'Raised again while unacknowledged: count and last_at go up instead of a new alert',
  }),
  first_at: field.createdAt(),
  last_at: field.createdAt(),
  acknowledged_at: field.datetime({ nullable: true }),
});

/** Read only: alerts are raised by the bot services and only acknowledged through the API. */
export const botAlertSchema = botAlertEntity.schema;
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
