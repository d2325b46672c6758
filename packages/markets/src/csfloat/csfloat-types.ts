import { z } from 'zod';

import { maybe, unitsish, wireId } from '../kit/wire.ts';

/**
 * CSFloat's wire shapes (csfloat.com/api/v1). Prices are integer US cents. Sources: client code for /me,
 * /me/inventory, /listings, /users/{id}/stall, /buy-orders, /listings/buy [code]; PATCH /listings/{id} and
 * /me/trades follow the documented libraries [mem][lib].
 */

export const csfloatMeSchema = z.object({
  user: z.object({
    steam_id: wireId,
    balance: unitsish,
    pending_balance: maybe(unitsish),
    username: maybe(z.string()),
  }),
});

export const csfloatInventorySchema = z.array(
  z.object({
    asset_id: wireId,
    market_hash_name: z.string(),
    class_id: maybe(wireId),
    instance_id: maybe(wireId),
    tradable: z.union([z.boolean(), z.number()]).optional(),
  }),
);

/**
 * A listing ("contract"). The real object has about 40 fields (docs.csfloat.com "Get All Listings", "List an
 * item"; csfloat/extension `Contract`); the client reads these. `min_offer_price` (cents) and
 * `max_offer_discount` (basis points) say which buyer offers the listing accepts below its price. The seller of
 * our own new listing comes without `steam_id` (the docs' "List an item" answer has `obfuscated_id` instead).
 */
export const csfloatListingSchema = z.object({
  id: wireId,
  created_at: maybe(z.string()),
  type: maybe(z.string()),
  price: unitsish,
  state: maybe(z.string()),
  seller: maybe(z.object({ steam_id: maybe(wireId) })),
  item: z.object({
    asset_id: maybe(wireId),
    market_hash_name: z.string(),
    float_value: maybe(z.number()),
    paint_index: maybe(z.number()),
  }),
  min_offer_price: maybe(unitsish),
  max_offer_discount: maybe(z.number()),
});
export type CsfloatListing = z.infer<typeof csfloatListingSchema>;

/** `{data, cursor}` today; a bare array in older answers. */
export const csfloatListingPageSchema = z.union([
  z.object({
    data: z.array(csfloatListingSchema),
    cursor: maybe(z.string()),
    total_count: z.number().optional(),
  }),
  z.array(csfloatListingSchema).transform((data) => ({ data, cursor: null, total_count: data.length })),
]);

export const csfloatPriceListSchema = z.array(
  z.object({ market_hash_name: z.string(), quantity: maybe(z.number()), min_price: maybe(unitsish) }),
);

export const csfloatBuyOrderSchema = z.object({
  id: wireId,
  created_at: maybe(z.string()),
  market_hash_name: maybe(z.string()),
  max_price: unitsish,
  quantity: z.number(),
});
export type CsfloatBuyOrder = z.infer<typeof csfloatBuyOrderSchema>;

export const csfloatBuyOrdersSchema = z.object({
  orders: z.array(csfloatBuyOrderSchema),
  count: z.number().optional(),
});

export const csfloatMessageSchema = z.object({ message: z.string().optional() });

export const csfloatTradesSchema = z.object({
  trades: z.array(
    z.object({
      id: wireId,
      created_at: z.string(),
      state: maybe(z.string()),
      buyer_id: maybe(wireId),
      seller_id: maybe(wireId),
      contract: z.object({
        id: wireId,
        price: unitsish,
        item: z.object({ market_hash_name: maybe(z.string()), asset_id: maybe(wireId) }),
      }),
    }),
  ),
  count: z.number().optional(),
});
export type CsfloatTrade = z.infer<typeof csfloatTradesSchema>['trades'][number];
