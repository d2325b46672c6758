import { z } from 'zod';

import { maybe, numberish, unitsish, wireId } from '../market-kit/wire.ts';

/**
 * DMarket's wire shapes. The marketplace API carries `{Currency:'USD', Amount:<dollars>}`; the balance and
 * the exchange API carry cent strings. Sources: client code for /account/v1/balance, user-inventory,
 * user-offers(/create, /closed), market items [code]; edit/delete offers and targets follow public client
 * libraries [lib][mem].
 */

export const dmarketPriceSchema = z.object({ Currency: z.string(), Amount: numberish });

export const dmarketBalanceSchema = z.object({ usd: unitsish, usdAvailableToWithdraw: maybe(unitsish) });

const total = z.union([z.string(), z.number()]).transform(Number).optional();

export const dmarketInventorySchema = z.object({
  Items: z.array(
    z.object({
      AssetID: wireId,
      Title: z.string(),
      ClassID: maybe(wireId),
      Tradable: z.boolean().optional(),
      MarketPrice: maybe(dmarketPriceSchema),
    }),
  ),
  Total: total,
});

export const dmarketOffersSchema = z.object({
  Items: z.array(
    z.object({
      AssetID: wireId,
      Title: z.string(),
      Offer: z.object({ OfferID: wireId, Price: dmarketPriceSchema }),
    }),
  ),
  Total: total,
});

const resultError = maybe(z.object({ Code: maybe(z.string()), Message: maybe(z.string()) }));

export const dmarketCreateOffersSchema = z.object({
  Result: z.array(z.object({ OfferID: maybe(wireId), Successful: z.boolean(), Error: resultError })),
});

export const dmarketEditOffersSchema = z.object({
  Result: z.array(
    z.object({
      EditOffer: z.object({ OfferID: maybe(wireId) }),
      NewOfferID: maybe(wireId),
      Successful: z.boolean(),
      Error: resultError,
    }),
  ),
});

export const dmarketDeleteOffersSchema = z.object({
  Result: z.array(
    z.object({ DeleteOffer: z.object({ OfferID: wireId }), Successful: z.boolean(), Error: resultError }),
  ),
});

export const dmarketClosedOffersSchema = z.object({
  Trades: z.array(
    z.object({
      OfferID: maybe(wireId),
      AssetID: maybe(wireId),
      Title: maybe(z.string()),
      Price: dmarketPriceSchema,
      OfferClosedAt: z.number(),
      Status: maybe(z.string()),
    }),
  ),
  Total: total,
});

export const dmarketMarketItemsSchema = z.object({
  objects: z.array(z.object({ itemId: wireId, title: z.string(), price: z.object({ USD: unitsish }) })),
  cursor: maybe(z.string()),
});

export const dmarketCreateTargetsSchema = z.object({
  Result: z.array(z.object({ TargetID: maybe(wireId), Successful: z.boolean(), Error: resultError })),
});

export const dmarketTargetsSchema = z.object({
  Items: z.array(
    z.object({
      TargetID: wireId,
      Title: z.string(),
      Amount: z.union([z.string(), z.number()]).transform(Number),
      Price: dmarketPriceSchema,
      Status: maybe(z.string()),
    }),
  ),
  Total: total,
});
export type DmarketTarget = z.infer<typeof dmarketTargetsSchema>['Items'][number];

export const dmarketDeleteTargetsSchema = z.object({
  Result: z.array(
    z.object({ DeleteTarget: z.object({ TargetID: wireId }), Successful: z.boolean(), Error: resultError }),
  ),
});

export const dmarketClosedTargetsSchema = z.object({
  Trades: z.array(
    z.object({
      TargetID: maybe(wireId),
      AssetID: maybe(wireId),
      Title: maybe(z.string()),
      Price: dmarketPriceSchema,
      ClosedAt: z.number(),
      Status: maybe(z.string()),
    }),
  ),
  Total: total,
});
