import { z } from 'zod';

import { maybe, numberish, wireId } from '../kit/wire.ts';

/**
 * Waxpeer's wire shapes (api.waxpeer.com/v1). Prices are integer mils (1000 = $1). Sources: @darkgl/waxpeer
 * client code and its doc comments [lib]; the buy-order and history shapes are the simulator's choice [mem].
 */

const envelope = { success: z.boolean(), msg: z.string().optional() };

export const waxpeerUserSchema = z.object({
  ...envelope,
  user: z.object({ wallet: numberish, id64: maybe(wireId), name: maybe(z.string()) }).optional(),
});

const steamPrice = z.object({ average: maybe(numberish), current: maybe(numberish) }).partial();

export const waxpeerInventorySchema = z.object({
  ...envelope,
  count: z.number().optional(),
  items: z
    .array(
      z.object({
        item_id: wireId,
        name: z.string(),
        classid: maybe(wireId),
        tradable: z.boolean().optional(),
        steam_price: maybe(steamPrice),
      }),
    )
    .default([]),
});

export const waxpeerListResultSchema = z.object({
  ...envelope,
  listed: z
    .array(
      z.object({ item_id: wireId, price: numberish, position: maybe(z.number()), name: maybe(z.string()) }),
    )
    .default([]),
  failed: z.array(z.object({ item_id: maybe(wireId), msg: maybe(z.string()) })).default([]),
});

export const waxpeerListedItemsSchema = z.object({
  ...envelope,
  items: z
    .array(
      z.object({
        item_id: wireId,
        price: numberish,
        name: z.string(),
        position: maybe(z.number()),
        date: maybe(z.string()),
      }),
    )
    .default([]),
});

export const waxpeerEditResultSchema = z.object({
  ...envelope,
  updated: z.array(z.object({ item_id: wireId, price: numberish })).default([]),
  failed: z.array(z.object({ item_id: maybe(wireId), msg: maybe(z.string()) })).default([]),
  removed: z.number().optional(),
});

/** remove-items answers `{success, count}` only (the docs' example): which items went is not said. */
export const waxpeerRemoveResultSchema = z.object({
  ...envelope,
  count: z.number().optional(),
  removed: z.array(wireId).optional(),
});

export const waxpeerPricesSchema = z.object({
  ...envelope,
  items: z
    .array(
      z.object({
        name: z.string(),
        count: maybe(numberish),
        min: maybe(numberish),
        steam_price: maybe(numberish),
      }),
    )
    .default([]),
});

export const waxpeerBuySchema = z.object({
  ...envelope,
  id: maybe(wireId),
  price: maybe(numberish),
  name: maybe(z.string()),
});

export const waxpeerProjectTradesSchema = z.object({
  ...envelope,
  trades: z
    .array(
      z.object({
        id: wireId,
        project_id: maybe(wireId),
        name: maybe(z.string()),
        price: maybe(numberish),
        status: maybe(numberish),
        done: z.boolean().optional(),
      }),
    )
    .default([]),
});

export const waxpeerBuyOrdersSchema = z.object({
  ...envelope,
  offers: z
    .array(
      z.object({
        id: wireId,
        name: z.string(),
        price: numberish,
        amount: numberish,
        filled: maybe(numberish),
      }),
    )
    .default([]),
  total: z.number().optional(),
});

export const waxpeerCreateOrderSchema = z.object({ ...envelope, id: maybe(wireId) });

/** remove-buy-order answers `{success, msg, removed: <count>}` (the docs' example). */
export const waxpeerRemoveOrdersSchema = z.object({
  ...envelope,
  removed: z.union([z.number(), z.array(wireId)]).optional(),
});

/**
 * my-history answers `data: {trades: [...], transactions: [...]}` (the docs' example): `trades[]` has `id`,
 * `item_id`, `name`, `price` (mils), `status` (a number, 5 = done in the example), `action` ("buy"/"sell"),
 * `created` and `date`; `transactions[]` are wallet deposits and withdrawals. An older flat `data: [...]` with
 * `type` is still read.
 */
const historyTrade = z.object({
  id: maybe(wireId),
  item_id: maybe(wireId),
  name: maybe(z.string()),
  price: maybe(numberish),
  action: maybe(z.string()),
  type: maybe(z.string()),
  status: maybe(z.union([z.string(), z.number()])),
  created: maybe(z.string()),
  date: maybe(z.string()),
});

export const waxpeerHistorySchema = z.object({
  ...envelope,
  data: z
    .union([
      z.object({ trades: z.array(historyTrade).default([]), transactions: z.array(z.unknown()).default([]) }),
      z.array(historyTrade).transform((trades) => ({ trades, transactions: [] as unknown[] })),
    ])
    .default({ trades: [], transactions: [] }),
});

export type WaxpeerBuyOrder = z.infer<typeof waxpeerBuyOrdersSchema>['offers'][number];
export type WaxpeerProjectTrade = z.infer<typeof waxpeerProjectTradesSchema>['trades'][number];
