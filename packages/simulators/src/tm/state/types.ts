import type { TmCurrency } from '../../util/money-units.ts';

/**
 * The state of one simulated tm-family market. All money is integer minor units of the stated currency
 * (RUB kopecks, USD/EUR mils); all times are simulated epoch milliseconds.
 */

/** add-to-sale failures a control call can attach to one Steam item. */
export type AddToSaleItemError = 'item_not_recieved' | 'no_description_found' | 'item_not_inserted';

export interface SteamItem {
  assetid: string;
  classid: string;
  instanceid: string;
  market_hash_name: string;
  /** False during a trade hold (see `tradableAt`) or when a control call made the item untradable. */
  tradable: boolean;
  /** When a trade hold ends (the item becomes tradable), or null. */
  tradableAt: number | null;
  /** From when the market sees the item in my-inventory; null until an update-inventory. */
  seenAt: number | null;
  /**
   * A scripted add-to-sale failure. item_not_recieved lasts until update-inventory plus its delay
   * (`clearsAt`); the other two fail `remaining` more times.
   */
  addError: { error: AddToSaleItemError; remaining: number; clearsAt: number | null } | null;
}

/** A sale in progress: the listing was bought and the seller owes a trade offer. */
export interface Sale {
  soldAt: number;
  /** The buyer: one of our accounts (its key) or a simulated player (null). */
  buyerKey: string | null;
  purchaseId: string | null;
  /** The buyer's steamid32 and trade token, as trade-request-give-p2p-all shows them. */
  partner: number;
  token: string;
  buyerNick: string;
  /** The market's code for the offer (tradeoffermessage); sales to the same buyer share one. */
  offerCode: string;
  /** The seller must register the offer (trade-ready) before this time. */
  sendBy: number;
  /** The Steam tradeofferid the seller registered with trade-ready, and when. */
  tradeoffer: string | null;
  registeredAt: number | null;
}

export interface Listing {
  item_id: string;
  /** The seller: one of our accounts (its key) or a simulated player (null). */
  ownerKey: string | null;
  assetid: string;
  classid: string;
  instanceid: string;
  market_hash_name: string;
  /** Doppler phase of the item (sim-phases.ts); absent for names without phases and our own listings. */
  phase?: string;
  price: number;
  currency: TmCurrency;
  placedAt: number;
  /** 1 on sale, 2 sold and waiting for the seller's offer. */
  status: 1 | 2;
  sale: Sale | null;
}

/** Something one of our accounts bought: status 3 (seller must send) → 4 (offer waiting for us) → done. */
export interface Purchase {
  id: string;
  custom_id: string | null;
  buyerKey: string;
  sellerKey: string | null;
  sellerSteamid32: number;
  sellerNick: string;
  /** The listing it came from (our seller's item_id or a simulated one). */
  listingId: string;
  market_hash_name: string;
  classid: string;
  instanceid: string;
  assetid: string;
  /** What the buyer paid, in the buyer's currency. */
  paid: number;
  currency: TmCurrency;
  createdAt: number;
  /** 1 new or in progress, 2 item given, 5 failed or timed out (money returned). */
  stage: 1 | 2 | 5;
  status: 3 | 4 | null;
  /** The seller must send by this time. */
  sendBy: number;
  /** The incoming Steam offer id once the seller sent it, and when it stops being acceptable. */
  tradeoffer: string | null;
  offeredAt: number | null;
  acceptBy: number | null;
  finishedAt: number | null;
  /** How it came about: a buy call, a filled buy order, a ProcessOrder. */
  via: 'buy' | 'order' | 'process-order';
}

export interface BuyOrder {
  id: string;
  ownerKey: string;
  market_hash_name: string;
  classid: string;
  instanceid: string;
  phase: string;
  /** Price per item in the owner's currency. */
  price: number;
  currency: TmCurrency;
  count: number;
  partner: string | null;
  token: string | null;
  createdAt: number;
}

/** A standing buy order of a simulated player (the bid side of the order book). */
export interface SimBid {
  market_hash_name: string;
  /** The Doppler phase the order asks for; absent: the name without a phase. */
  phase?: string;
  priceKopecks: number;
  count: number;
}

export interface HistoryEntry {
  id: string;
  event: 'buy' | 'sell' | 'transfer_in' | 'transfer_out';
  /** '1' in progress, '2' done, '5' failed. */
  stage: '1' | '2' | '5';
  currency: TmCurrency;
  time: number;
  item_id: string | null;
  market_hash_name: string | null;
  classid: string | null;
  instanceid: string | null;
  /** Buys: what was paid; sells: the listing price; transfers: the amount. Minor units. */
  paid: number;
  /** Sells: what was credited after the fee; transfers in: the amount received. */
  received: number | null;
  custom_id: string | null;
  /** The trade partner (steamid32) or the other user id of a transfer. */
  for: number | null;
}

export interface MoneySend {
  id: number;
  fromKey: string;
  toKey: string;
  from: number;
  to: number;
  amount_from: number;
  currency_from: TmCurrency;
  amount_to: number;
  currency_to: TmCurrency;
  custom_id: string | null;
  time: number;
}

export interface Account {
  key: string;
  /** The market's numeric user id (money-send `from`/`to`). */
  userId: number;
  steamid32: number;
  steamid64: string;
  nick: string;
  currency: TmCurrency;
  money: number;
  /** Funds not yet settled (money_settlement), minor units. */
  settlement: number;
  tradeToken: string;
  payPassword: string | null;
  inventory: Map<string, SteamItem>;
  inventoryLoaded: boolean;
  inventoryLoadsAt: number | null;
  lastPingAt: number | null;
  /** A trade ban: ping-new answers "You cant trade until …" before this time. */
  tradeBanUntil: number | null;
  pendingWithdrawal: boolean;
  currencyChangingUntil: number | null;
  keyDeleted: boolean;
  wsToken: string;
  profileHash: string;
  history: HistoryEntry[];
  createdAt: number;
}
