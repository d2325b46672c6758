import { updateHistory } from './history.ts';
import type { TmMarket } from './tm-market.ts';
import type { Account, Purchase, SteamItem } from './types.ts';

/*
 * A purchase's later steps (offered, done, failed; purchases.ts has the lifecycle). Apart from purchases.ts
 * because a sale (sales.ts) moves the buyer's purchase on, and buying a listing (purchases.ts) sells it:
 * in one module with the buying, the two would import each other.
 */

/** The seller sent its offer: status 4 with the incoming offer id, acceptable for `offerFailMs`. */
export function offerPurchase(market: TmMarket, purchase: Purchase, tradeoffer: string, at: number): void {
  purchase.status = 4;
  purchase.tradeoffer = tradeoffer;
  purchase.offeredAt = at;
  purchase.acceptBy = at + market.config.offerFailMs;
}

/** We accepted the offer: the item arrives (new assetid, unseen by the market, under a trade hold). */
export function completePurchase(market: TmMarket, purchase: Purchase, at = market.now()): void {
  const buyer = endPurchase(market, purchase, 2, at);
  if (!buyer) return;
  const hold = market.config.tradeHoldMs;
  const item: SteamItem = {
    assetid: market.ids.asset.take(),
    classid: purchase.classid,
    instanceid: purchase.instanceid,
    market_hash_name: purchase.market_hash_name,
    tradable: hold <= 0,
    tradableAt: hold > 0 ? at + hold : null,
    seenAt: null,
    addError: null,
  };
  buyer.inventory.set(item.assetid, item);
  updateHistory(buyer, 'buy', purchase.id, { stage: '2', time: at });
  if (purchase.sellerKey === null) {
    market.logSale(purchase.market_hash_name, market.convert(purchase.paid, purchase.currency, 'RUB'), at);
  }
}

/** The purchase failed: the money goes back. */
export function failPurchase(market: TmMarket, purchase: Purchase, at = market.now()): void {
  const buyer = endPurchase(market, purchase, 5, at);
  if (!buyer) return;
  buyer.money += purchase.paid;
  updateHistory(buyer, 'buy', purchase.id, { stage: '5', time: at });
}

/**
 * Ends a purchase still in progress with `stage` (2 done, 5 failed) and answers its buyer, whose inventory or
 * money the outcome then moves; undefined when the purchase had already ended or the buyer is gone.
 */
function endPurchase(market: TmMarket, purchase: Purchase, stage: 2 | 5, at: number): Account | undefined {
  if (purchase.stage !== 1) return undefined;
  purchase.stage = stage;
  purchase.status = null;
  purchase.finishedAt = at;
  return market.account(purchase.buyerKey);
}
