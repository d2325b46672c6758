import { z } from 'zod';

import { maybe, unitsish, wireId } from '../kit/wire.ts';

/**
 * Steam Community Market wire shapes. priceoverview, sellitem, createbuyorder and cancelbuyorder follow
 * client code [code]; mylistings with `norender=1` and the wallet in the /market/ page are [mem].
 */

export const steamPriceOverviewSchema = z.object({
  success: z.boolean(),
  lowest_price: maybe(z.string()),
  median_price: maybe(z.string()),
  volume: maybe(z.string()),
});

export const steamSellItemSchema = z.object({
  success: z.boolean(),
  message: maybe(z.string()),
  requires_confirmation: maybe(z.number()),
  needs_mobile_confirmation: maybe(z.boolean()),
});

const steamListingSchema = z.object({
  listingid: wireId,
  time_created: maybe(z.number()),
  asset: z.object({
    id: wireId,
    market_hash_name: maybe(z.string()),
    classid: maybe(wireId),
    instanceid: maybe(wireId),
  }),
  price: unitsish,
  fee: maybe(unitsish),
  currencyid: maybe(wireId),
});
export type SteamListing = z.infer<typeof steamListingSchema>;

const steamBuyOrderSchema = z.object({
  hash_name: z.string(),
  wallet_currency: maybe(z.number()),
  price: unitsish,
  quantity: unitsish,
  quantity_remaining: unitsish,
  buy_orderid: wireId,
});
export type SteamBuyOrder = z.infer<typeof steamBuyOrderSchema>;

export const steamMyListingsSchema = z.object({
  success: z.boolean(),
  total_count: z.number().optional(),
  listings: z.array(steamListingSchema).default([]),
  listings_to_confirm: z.array(steamListingSchema).default([]),
  listings_on_hold: z.array(steamListingSchema).default([]),
  buy_orders: z.array(steamBuyOrderSchema).default([]),
});

/** `success` is 1 or a Steam code (25 too many/too much, 29 exists, 8 unknown outcome). */
export const steamBuyOrderReplySchema = z.object({
  success: z.union([z.number(), z.boolean()]),
  buy_orderid: maybe(wireId),
  message: maybe(z.string()),
  need_confirmation: maybe(z.boolean()),
  confirmation: maybe(z.object({ confirmation_id: wireId })),
});

export const steamSuccessSchema = z.object({
  success: z.union([z.number(), z.boolean()]),
  message: maybe(z.string()),
});

export const steamWalletSchema = z.object({
  wallet_currency: z.number(),
  wallet_balance: unitsish,
  wallet_delayed_balance: maybe(unitsish),
});
