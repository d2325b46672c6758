import { completePurchase, failPurchase } from './purchase-outcomes.ts';
import { completeSale, failSale, listingsOfOffer } from './sales.ts';
import type { TmMarket } from './tm-market.ts';

/**
 * What Steam reports about an offer, as the control API (or auto-accept) tells the market: an offer of one
 * of our sellers (registered with trade-ready) or an incoming offer of a simulated seller to one of ours.
 */
export interface OfferOutcome {
  /** Our listings whose sale this offer finished. */
  listings: string[];
  /** Our purchases this offer finished. */
  purchases: string[];
}

export function acceptTradeOffer(market: TmMarket, tradeoffer: string, at = market.now()): OfferOutcome {
  return settleOffer(market, tradeoffer, at, true);
}

export function declineTradeOffer(market: TmMarket, tradeoffer: string, at = market.now()): OfferOutcome {
  return settleOffer(market, tradeoffer, at, false);
}

function settleOffer(market: TmMarket, tradeoffer: string, at: number, accepted: boolean): OfferOutcome {
  const outcome: OfferOutcome = { listings: [], purchases: [] };
  for (const listing of listingsOfOffer(market, tradeoffer)) {
    const purchaseId = listing.sale?.purchaseId;
    if (accepted) completeSale(market, listing, at);
    else failSale(market, listing, at);
    outcome.listings.push(listing.item_id);
    if (purchaseId) outcome.purchases.push(purchaseId);
  }
  if (outcome.listings.length > 0) return outcome;
  for (const purchase of market.purchases.values()) {
    if (purchase.tradeoffer !== tradeoffer || purchase.stage !== 1) continue;
    if (accepted) completePurchase(market, purchase, at);
    else failPurchase(market, purchase, at);
    outcome.purchases.push(purchase.id);
  }
  return outcome;
}
