import { z } from 'zod';

import { fromMajor, fromUnits } from '../kit/decimal-units.ts';
import { maybe, numberish, unitsish, wireId } from '../kit/wire.ts';

/**
 * DMarket's wire shapes. The marketplace API carries `{Currency:'USD', Amount:<dollars>}`; the balance and
 * the exchange API carry cent strings. Sources: client code for /account/v1/balance, user-inventory,
 * user-offers(/create, /closed), market items [code]; edit/delete offers and targets follow public client
 * libraries [lib][mem].
 */

export const dmarketPriceSchema = z.object({ Currency: z.string(), Amount: numberish });

/**
 * A balance amount. DMarket's documentation says "coins" (cents) and older answers carry digit strings
 * ("2550" = $25.50); real answers now carry decimal strings ("0.00", as in
 * `{"dmc":"0.00","dmcAvailableToWithdraw":"0.00","usd":"0.00","usdAvailableToWithdraw":"0.00"}`), which public
 * clients read as dollars. So: digits alone are cents, a decimal point means dollars (see
 * `dmarketBalanceToMajor`). Anything else is refused rather than guessed.
 */
export const dmarketBalanceAmount = z.union([
  z.number().int(),
  z.string().regex(/^-?\d+$/),
  z.string().regex(/^-?\d+\.\d+$/),
]);

/** A balance amount in dollars as a decimal string: digits alone are cents, a decimal string is dollars. */
export function dmarketBalanceToMajor(value: z.infer<typeof dmarketBalanceAmount>): string {
  const text = String(value);
  return text.includes('.') ? fromMajor(text) : fromUnits(text, 100);
}

export const dmarketBalanceSchema = z.object({
  usd: dmarketBalanceAmount,
  usdAvailableToWithdraw: maybe(dmarketBalanceAmount),
  dmc: maybe(dmarketBalanceAmount),
  dmcAvailableToWithdraw: maybe(dmarketBalanceAmount),
});

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

/** A page of closed offers or targets: the fields both have, plus each one's id and closing time. */
const closedTrades = <Own extends z.ZodRawShape>(own: Own) =>
  z.object({
    Trades: z.array(
      z.object({
        ...own,
        AssetID: maybe(wireId),
        Title: maybe(z.string()),
        Price: dmarketPriceSchema,
        Status: maybe(z.string()),
      }),
    ),
    Total: total,
  });

export const dmarketClosedOffersSchema = closedTrades({ OfferID: maybe(wireId), OfferClosedAt: z.number() });

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

export const dmarketClosedTargetsSchema = closedTrades({ TargetID: maybe(wireId), ClosedAt: z.number() });
