import { z } from 'zod';

import { CONVERTIBLE_CURRENCIES } from '../enums.ts';
import { jobRoute } from './job-routes.ts';

/**
 * Manual listing (issue 12, item 8): the operator lists chosen inventory items (sale candidates, the
 * inventory screen) of one market account at prices of their own, through the bot services.
 */

/** A listing price: more than 0, at most 2 decimals (tm rounds up to its unit, never below the typed price). */
const listingPriceSchema = z
  .string()
  .trim()
  .regex(
    /^\d{1,12}(\.\d{1,2})?$/,
    'Цена: число больше 0, не более 2 знаков после точки (a price above 0 with at most 2 decimals)',
  )
  .refine((price) => Number(price) > 0, 'Цена должна быть больше 0 (the price must be above 0)');

export const botListItemsBodySchema = z.object({
  items: z
    .array(
      z.object({
        /** A Steam asset id: a 64-bit number, always a string. */
        asset_id: z
          .string()
          .regex(/^\d{1,20}$/, 'asset_id: строка из цифр (a string of digits: a 64-bit id)'),
        price: listingPriceSchema,
        /** Must be the market account's currency (the handler checks it). */
        currency: z.enum(CONVERTIBLE_CURRENCIES),
      }),
    )
    .min(1)
    .max(500)
    .refine(
      (items) => new Set(items.map((item) => item.asset_id)).size === items.length,
      'Один предмет указан дважды (an asset is given twice)',
    ),
  /**
   * One confirmation of the operator (a UUID made by the console): a second request with the same key
   * (a double click, a retry) answers with the first one's job, and each asset is listed at most once
   * per key whatever the attempts.
   */
  listing_key: z.uuid().optional(),
  /** Lists items below their toy's price_buy instead of refusing them (an explicit choice). */
  allow_below_buy: z.boolean().optional(),
});
export type BotListItemsBody = z.infer<typeof botListItemsBodySchema>;

/** Why an item was not listed: the band and guards, the market's own refusal code, or not found. */
export const botListedItemSchema = z.object({
  asset_id: z.string(),
  market_hash_name: z.string().nullable(),
  /** The price asked for, and the price it went out at (clamped to price_sell). */
  asked_price: z.string(),
  price: z.string(),
  currency: z.string(),
  status: z.enum(['listed', 'refused']),
  /** The market's listing id (tm item_id), a string; null when refused or in dry run. */
  item_id: z.string().nullable(),
  /**
   * Refused: below-buy, max-price (the account's price guard), currency, not-in-inventory (not an item of
   * the account's Steam account), or the market's error code (item_not_in_inventory, bad_request, ...).
   */
  reason: z.string().nullable(),
  clamped: z.boolean(),
});
export type BotListedItem = z.infer<typeof botListedItemSchema>;

/** The result of a trading.list-items job. */
export const botListItemsResultSchema = z.object({
  market_account: z.number().int(),
  market: z.string(),
  dry_run: z.boolean(),
  listed: z.number().int(),
  refused: z.number().int(),
  items: z.array(botListedItemSchema),
});
export type BotListItemsResult = z.infer<typeof botListItemsResultSchema>;

export const botListingRoutes = [
  jobRoute(
    'bot-trading.list-items',
    '/api-node/trading/{id}/list-items/',
    'List inventory items of a market account on its market at the operator’s prices (a job)',
    {
      tag: 'bot-trading',
      body: botListItemsBodySchema,
      description:
        'Path id: market account. Markets: tm, tm_usd, cs7, cs7_proxy (add-to-sale with the spec’s reaction to ' +
        'inventory refusals), dmarket, waxpeer, csfloat, bitskins; others are a 400. Each currency must be the ' +
        'account’s. Prices above the toy’s price_sell go out at price_sell; below price_buy they are refused ' +
        'unless allow_below_buy; the account’s price guard applies. The job’s result lists every item as ' +
        'listed (item_id) or refused (reason). A dry_run account only says what it would list. A listing_key ' +
        'makes the request idempotent: the same key answers with the same job, and no asset is listed twice.',
    },
  ),
];
