import { z } from 'zod';

import { maybe, numberish, wireId } from '../kit/wire.ts';

/**
 * Lis-skins wire shapes (api.lis-skins.com/v1). Prices are USD floats. Sources: client code for balance,
 * search, buy and purchase info [code]; the purchase object's fields beyond ids and skins, and the error
 * body, are the simulator's choice [mem].
 */

export const lisBalanceSchema = z.object({ data: z.object({ balance: numberish }) });

export const lisSkinSchema = z.object({
  id: wireId,
  name: z.string(),
  price: numberish,
  unlock_at: maybe(z.string()),
});

export const lisSearchSchema = z.object({
  data: z.array(lisSkinSchema),
  meta: maybe(z.object({ next_cursor: maybe(z.string()), per_page: z.number().optional() })),
});

export const lisPurchaseSchema = z.object({
  purchase_id: wireId,
  custom_id: maybe(z.string()),
  created_at: maybe(z.string()),
  skins: z.array(z.object({ id: wireId, name: z.string(), price: numberish, status: maybe(z.string()) })),
});
export type LisPurchase = z.infer<typeof lisPurchaseSchema>;

export const lisBuySchema = z.object({ data: lisPurchaseSchema });

export const lisInfoSchema = z.object({ data: z.array(lisPurchaseSchema) });
