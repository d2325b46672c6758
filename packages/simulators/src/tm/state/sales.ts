import { addHistory, updateHistory } from './history.ts';
import { newHex } from './ids.ts';
import { completePurchase, failPurchase, offerPurchase } from './purchase-outcomes.ts';
import { simTraderIdentity } from './sim-book.ts';
import type { TmMarket } from './tm-market.ts';
import type { Listing, Sale } from './types.ts';

/**
 * The seller's side of a sale: a listing of ours is bought (status 1 → 2), the market asks for a P2P offer
 * (trade-request-give-p2p-all), the seller registers the Steam offer (trade-ready), and the buyer accepts it
 * (control call or auto-accept): the listing goes away and the money, less the fee, is credited. An offer
 * not registered within the transfer window, or registered and not accepted within 7 hours, fails the sale.
 */

export interface SaleBuyer {
  /** One of our accounts, or null for a simulated player. */
  key: string | null;
  purchaseId: string | null;
}

/** Marks a listing of ours sold to `buyer` (status 2) and opens the sale. */
export function sellListing(market: TmMarket, listing: Listing, buyer: SaleBuyer, at = market.now()): Sale {
  const buyerAccount = market.account(buyer.key);
  const identity = buyerAccount
    ? { steamid32: buyerAccount.steamid32, token: buyerAccount.tradeToken, nick: buyerAccount.nick }
    : simTraderIdentity(market);
  // Sales to the same buyer that still wait for an offer share one offer code (one Steam offer).
  const sibling = [...market.listings.values()].find(
    (other) =>
      other.ownerKey === listing.ownerKey &&
      other.sale !== null &&
      other.sale.tradeoffer === null &&
      other.sale.buyerKey !== null &&
      other.sale.buyerKey === buyer.key,
  );
  const sale: Sale = {
    soldAt: at,
    buyerKey: buyer.key,
    purchaseId: buyer.purchaseId,
    partner: identity.steamid32,
    token: identity.token,
    buyerNick: identity.nick,
    offerCode: sibling?.sale?.offerCode ?? newHex(market.random, 8).toUpperCase(),
    sendBy: at + market.config.transferWindowMs,
    tradeoffer: null,
    registeredAt: null,
  };
  listing.status = 2;
  listing.sale = sale;
  const seller = market.account(listing.ownerKey);
  if (seller) {
    addHistory(market, seller, {
      event: 'sell',
      stage: '1',
      currency: listing.currency,
      time: at,
      item_id: listing.item_id,
      market_hash_name: listing.market_hash_name,
      classid: listing.classid,
      instanceid: listing.instanceid,
      paid: listing.price,
      received: null,
      custom_id: null,
      for: sale.partner,
    });
  }
  return sale;
}

/** Sold listings of an account that still owe an offer, oldest sale first. */
export function owedListings(market: TmMarket, ownerKey: string): Listing[] {
  return [...market.listings.values()]
    .filter((listing) => listing.ownerKey === ownerKey && listing.status === 2 && listing.sale !== null)
    .sort((a, b) => (a.sale?.soldAt ?? 0) - (b.sale?.soldAt ?? 0));
}

/**
 * trade-ready: links a Steam offer id to the oldest offer group of the seller that has none yet. Returns
 * the listings it now covers (empty when nothing was waiting or the id was registered before).
 */
export function registerTradeOffer(market: TmMarket, ownerKey: string, tradeoffer: string): Listing[] {
  const owed = owedListings(market, ownerKey);
  if (owed.some((listing) => listing.sale?.tradeoffer === tradeoffer)) return [];
  const first = owed.find((listing) => listing.sale?.tradeoffer === null);
  if (!first?.sale) return [];
  const code = first.sale.offerCode;
  const group = owed.filter(
    (listing) => listing.sale?.offerCode === code && listing.sale.tradeoffer === null,
  );
  const at = market.now();
  for (const listing of group) {
    if (!listing.sale) continue;
    listing.sale.tradeoffer = tradeoffer;
    listing.sale.registeredAt = at;
    const purchase = listing.sale.purchaseId ? market.purchases.get(listing.sale.purchaseId) : undefined;
    if (purchase) offerPurchase(market, purchase, tradeoffer, at);
  }
  return group;
}

/** The buyer accepted the offer: the items leave, the seller is paid less the fee. */
export function completeSale(market: TmMarket, listing: Listing, at = market.now()): void {
  const sale = listing.sale;
  if (!sale) return;
  market.listings.delete(listing.item_id);
  const seller = market.account(listing.ownerKey);
  const received = Math.floor(listing.price * (1 - market.config.feeShare));
  if (seller) {
    seller.inventory.delete(listing.assetid);
    seller.money += received;
    updateHistory(seller, 'sell', listing.item_id, { stage: '2', received, time: at });
  }
  market.logSale(listing.market_hash_name, market.convert(listing.price, listing.currency, 'RUB'), at);
  const purchase = sale.purchaseId ? market.purchases.get(sale.purchaseId) : undefined;
  if (purchase) completePurchase(market, purchase, at);
}

/** The sale failed (no offer in time, offer expired or declined): the item stays with the seller, unlisted. */
export function failSale(market: TmMarket, listing: Listing, at = market.now()): void {
  const sale = listing.sale;
  if (!sale) return;
  market.listings.delete(listing.item_id);
  updateHistory(market.account(listing.ownerKey), 'sell', listing.item_id, { stage: '5', time: at });
  const purchase = sale.purchaseId ? market.purchases.get(sale.purchaseId) : undefined;
  if (purchase) failPurchase(market, purchase, at);
}

/** Listings covered by a registered Steam offer id. */
export function listingsOfOffer(market: TmMarket, tradeoffer: string): Listing[] {
  return [...market.listings.values()].filter((listing) => listing.sale?.tradeoffer === tradeoffer);
}
