import { z } from 'zod';

import { defineEntity } from '../entity.ts';
import { field } from '../fields.ts';
import { dateOrDatetime, oneOrMany, pageQueryShape, queryRowId } from './common-inputs.ts';
import { defineRoute, paginatedSchema } from '../routes/route-def.ts';

/** A delivery's way: sold → offer sent and confirmed → registered with trade-ready → delivered, or failed. */
export const BOT_DELIVERY_STATES = ['pending', 'sent', 'trade_ready', 'delivered', 'failed'] as const;
export const botDeliveryStateSchema = z.enum(BOT_DELIVERY_STATES);
export type BotDeliveryState = z.infer<typeof botDeliveryStateSchema>;

/** One sold item the deliver loop hands over (bot_delivery): the market deal, its Steam offer, how it ended. */
export const botDeliveryEntity = defineEntity('bot_delivery', 'Delivery', {
  id: field.id(),
  market_account: field.fk('market_account'),
  market: field.readOnlyText(),
  deal_id: field.readOnlyText({ description: "The market's deal id (tm item_id)" }),
  asset_id: field.readOnlyText({ nullable: true }),
  market_hash_name: field.readOnlyText(),
  classid_instanceid: field.readOnlyText({ nullable: true }),
  price: field.money(),
  currency: field.readOnlyText(),
  offer_code: field.readOnlyText({
    nullable: true,
    description: "The market's code for the offer (tm tradeoffermessage), the Steam offer's message",
  }),
  offer_id: field.readOnlyText({ nullable: true, description: 'The Steam trade offer id' }),
  state: field.enum(BOT_DELIVERY_STATES),
  steam_state: field.readOnlyText({
    nullable: true,
    description: "Steam's state of the offer as last seen (Active, Accepted, Declined, ...)",
  }),
  error: field.readOnlyText({ nullable: true, description: 'Why the delivery failed' }),
  sold_seen_at: field.createdAt(),
  offer_sent_at: field.datetime({ nullable: true }),
  trade_ready_at: field.datetime({ nullable: true }),
  finished_at: field.datetime({ nullable: true }),
  updated_at: field.createdAt(),
});

/** Read only: the deliver loop writes deliveries; the API lists them. */
export const botDeliverySchema = botDeliveryEntity.schema;
export type BotDelivery = z.infer<typeof botDeliverySchema>;

export const botDeliveryListQuerySchema = z
  .object({
    state: oneOrMany(botDeliveryStateSchema).optional(),
    market_account: oneOrMany(queryRowId).optional(),
    date_from: dateOrDatetime
      .optional()
      .describe('Sold (first seen) at or after: a UTC date (YYYY-MM-DD) or a date-time with offset'),
    date_to: dateOrDatetime
      .optional()
      .describe('Sold (first seen) at or before: a date counts its whole UTC day'),
    ...pageQueryShape,
  })
  .refine(
    // Compared as instants: a date alone is its UTC midnight, and date_to's day is counted whole.
    (q) =>
      !q.date_from ||
      !q.date_to ||
      Date.parse(q.date_from) <=
        Date.parse(q.date_to.length === 10 ? `${q.date_to}T23:59:59.999Z` : q.date_to),
    { path: ['date_to'], message: 'Конец периода раньше начала. (date_to is before date_from.)' },
  );

export const botDeliveryRoutes = [
  defineRoute({
    id: 'bot-deliveries.list',
    method: 'GET',
    path: '/api-node/deliveries/',
    tag: 'bot-deliveries',
    summary:
      'Deliveries of sold items, newest sale first (filters: state, market_account, date_from, date_to)',
    description:
      'Read only: one row per market deal the deliver loop saw sold, with its Steam offer and final state. ' +
      'state and market_account are repeatable.',
    query: botDeliveryListQuerySchema,
    response: paginatedSchema(botDeliverySchema),
  }),
];
