import { addHistory } from './history.ts';
import { offerPurchase } from './purchase-outcomes.ts';
import { sellListing } from './sales.ts';
import { simTraderIdentity } from './sim-book.ts';
import type { TmMarket } from './tm-market.ts';
import type { Account, BuyOrder, Listing, Purchase } from './types.ts';

/**
 * The buyer's side: a purchase is status 3 (the seller must send) → status 4 (the seller's offer waits for
 * us) → done (stage 2, the item arrives in the Steam inventory under a trade hold) or failed (stage 5, the
 * money goes back). A simulated seller sends after `simSellerSendMs`; one of our accounts sends when its
 * bot calls trade-ready.
 */

export type BuyFailure = 'not_enough_money';

/** Buys one listing for `buyer`. The caller has checked the listing is buyable and not the buyer's own. */
export function buyListing(
  market: TmMarket,
  buyer: Account,
  listing: Listing,
  options: { customId: string | null; via: Purchase['via'] },
): Purchase | BuyFailure {
  const cost = market.convert(listing.price, listing.currency, buyer.currency, 'ceil');
  if (buyer.money < cost) return 'not_enough_money';
  const seller = market.account(listing.ownerKey);
  const simSeller = seller ? null : simTraderIdentity(market);
  const purchase = openPurchase(market, buyer, cost, {
    custom_id: options.customId,
    sellerKey: listing.ownerKey,
    sellerSteamid32: seller?.steamid32 ?? simSeller?.steamid32 ?? 0,
    sellerNick: seller?.nick ?? simSeller?.nick ?? '',
    listingId: listing.item_id,
    market_hash_name: listing.market_hash_name,
    classid: listing.classid,
    instanceid: listing.instanceid,
    assetid: listing.assetid,
    via: options.via,
  });
  if (options.customId) market.purchaseByCustomId.set(`${buyer.key}\n${options.customId}`, purchase.id);
  if (seller) {
    const sale = sellListing(
      market,
      listing,
      { key: buyer.key, purchaseId: purchase.id },
      purchase.createdAt,
    );
    purchase.sendBy = sale.sendBy;
  } else {
    market.listings.delete(listing.item_id);
    market.dirtyNames.add(listing.market_hash_name);
  }
  return purchase;
}

/** A simulated seller fills one item of a buy order of ours at the order's price. */
export function fillOrderFromSimSeller(market: TmMarket, order: BuyOrder): Purchase | BuyFailure {
  const buyer = market.account(order.ownerKey);
  if (!buyer) return 'not_enough_money';
  const cost = market.convert(order.price, order.currency, buyer.currency, 'ceil');
  if (buyer.money < cost) return 'not_enough_money';
  const simSeller = simTraderIdentity(market);
  const purchase = openPurchase(market, buyer, cost, {
    custom_id: null,
    sellerKey: null,
    sellerSteamid32: simSeller.steamid32,
    sellerNick: simSeller.nick,
    listingId: market.ids.item.take(),
    market_hash_name: order.market_hash_name,
    classid: order.classid,
    instanceid: order.instanceid,
    assetid: market.ids.asset.take(),
    via: 'order',
  });
  order.count -= 1;
  if (order.count <= 0) market.orders.delete(order.id);
  return purchase;
}

/** What a purchase is of and from whom: the rest of a new purchase is the same for every way of buying. */
type PurchaseOf = Pick<
  Purchase,
  | 'custom_id'
  | 'sellerKey'
  | 'sellerSteamid32'
  | 'sellerNick'
  | 'listingId'
  | 'market_hash_name'
  | 'classid'
  | 'instanceid'
  | 'assetid'
  | 'via'
>;

/** Takes `cost` from the buyer and opens the purchase now: status 3, the seller's send window running. */
function openPurchase(market: TmMarket, buyer: Account, cost: number, what: PurchaseOf): Purchase {
  const at = market.now();
  buyer.money -= cost;
  const purchase: Purchase = {
    id: market.ids.purchase.take(),
    buyerKey: buyer.key,
    ...what,
    paid: cost,
    currency: buyer.currency,
    createdAt: at,
    stage: 1,
    status: 3,
    sendBy: at + market.config.transferWindowMs,
    tradeoffer: null,
    offeredAt: null,
    acceptBy: null,
    finishedAt: null,
  };
  market.purchases.set(purchase.id, purchase);
  recordBuy(market, buyer, purchase);
  return purchase;
}

function recordBuy(market: TmMarket, buyer: Account, purchase: Purchase): void {
  addHistory(market, buyer, {
    event: 'buy',
    stage: '1',
    currency: buyer.currency,
    time: purchase.createdAt,
    item_id: purchase.id,
    market_hash_name: purchase.market_hash_name,
    classid: purchase.classid,
    instanceid: purchase.instanceid,
    paid: purchase.paid,
    received: null,
    custom_id: purchase.custom_id,
    for: purchase.sellerSteamid32,
  });
}

/** A simulated seller's purchase turns to status 4 (it "sent" the offer). */
export function deliverSimPurchase(market: TmMarket, purchase: Purchase, at = market.now()): void {
  if (purchase.stage !== 1 || purchase.status !== 3 || purchase.sellerKey !== null) return;
  offerPurchase(market, purchase, market.ids.tradeoffer.take(), at);
}

/** A purchase by its id, or by the buyer's custom_id. */
export function findPurchase(market: TmMarket, buyerKey: string, ref: { id?: unknown; custom_id?: unknown }) {
  if (typeof ref.custom_id === 'string') {
    const id = market.purchaseByCustomId.get(`${buyerKey}\n${ref.custom_id}`);
    return id ? market.purchases.get(id) : undefined;
  }
  const purchase = market.purchases.get(String(ref.id));
  return purchase?.buyerKey === buyerKey ? purchase : undefined;
}
