import { z } from 'zod';

import { maybe, unitsish, wireId } from '../kit/wire.ts';

/**
 * BitSkins API v2 wire shapes. Prices are integer mils (1000 = $1), as marketplaces.md's [code] source
 * divides them (one unofficial endpoint list says cents; we follow the code). The endpoint paths come from
 * client code [code]; the reply shapes beyond `balance` and `list` are the simulator's choice [mem].
 */

export const bitskinsBalanceSchema = z.object({ balance: unitsish });

const page = <T extends z.ZodType>(row: T) =>
  z.object({ counter: maybe(z.object({ total: z.number() })), list: z.array(row) });

export const bitskinsSteamInventorySchema = page(
  z.object({
    id: maybe(wireId),
    asset_id: wireId,
    class_id: maybe(wireId),
    instance_id: maybe(wireId),
    name: z.string(),
    tradable: z.boolean().optional(),
  }),
);

export const bitskinsDepositSchema = z.object({
  result: z.array(
    z.object({ asset_id: wireId, id: maybe(wireId), success: z.boolean(), error: maybe(z.string()) }),
  ),
});

export const bitskinsListingSchema = z.object({
  id: wireId,
  asset_id: maybe(wireId),
  name: z.string(),
  price: unitsish,
  created_at: maybe(z.string()),
});

export const bitskinsListingsSchema = page(bitskinsListingSchema);

export const bitskinsResultSchema = z.object({ result: z.boolean().optional() }).passthrough();

export const bitskinsInSellSchema = z.object({
  list: z.array(z.object({ name: z.string(), price_min: unitsish, quantity: z.number() })),
});

export const bitskinsBuySchema = z.object({
  id: maybe(wireId),
  price: maybe(unitsish),
  name: maybe(z.string()),
});

export const bitskinsHistorySchema = page(
  z.object({
    id: wireId,
    name: maybe(z.string()),
    price: unitsish,
    type: z.string(),
    created_at: z.string(),
  }),
);
export type BitskinsHistoryRow = z.infer<typeof bitskinsHistorySchema>['list'][number];
