import type { ConvertibleCurrency, MarketCode } from '@toydesk/contract';

/**
 * The one interface every marketplace client offers to the bots and the server. Amounts are decimal
 * strings in major units of `currency`; each client converts at its edges from the marketplace's own
 * unit (tm: RUB ×100 and USD/EUR ×1000 on writes; CSFloat cents; Waxpeer mils; ...). A marketplace that
 * lacks a capability says so in `capabilities`, and the method throws UnsupportedCapabilityError.
 * The capabilities below are the README table's columns, in its order.
 */
export const MARKET_CAPABILITIES = [
  'prices',
  'inventory',
  'listings',
  'list_for_sale',
  'set_price',
  'buy_orders',
  'buy',
  'balance',
  'history',
] as const;

export type MarketCapability = (typeof MARKET_CAPABILITIES)[number];

export interface MarketPrice {
  market_hash_name: string;
  /** Lowest sell offer. */
  price: string | null;
  /** Best standing buy order, where the marketplace publishes it. */
  buy_order: string | null;
  currency: ConvertibleCurrency;
  volume: number | null;
  classid_instanceid?: string | null;
}

export interface MarketInventoryItem {
  asset_id: string;
  market_hash_name: string;
  classid: string | null;
  instanceid: string | null;
  tradable: boolean;
  /** The marketplace's own price suggestion, if it gives one. */
  market_price: string | null;
}

export type MarketListingStatus = 'on_sale' | 'sold' | 'delivering' | 'bought' | 'ready' | 'unknown';

export interface MarketListing {
  listing_id: string;
  asset_id: string | null;
  market_hash_name: string;
  price: string;
  currency: ConvertibleCurrency;
  status: MarketListingStatus;
  /** Place among offers of the same item (1 = cheapest), where known. */
  position: number | null;
}

export interface MarketBuyOrder {
  order_id: string;
  market_hash_name: string;
  price: string;
  currency: ConvertibleCurrency;
  count: number;
}

export interface MarketBalance {
  amount: string;
  currency: ConvertibleCurrency;
  /** Money on hold (tm money_settlement), where the marketplace reports it. */
  on_hold: string | null;
}

export interface MarketHistoryEntry {
  id: string;
  side: 'buy' | 'sell' | 'other';
  market_hash_name: string | null;
  price: string | null;
  currency: ConvertibleCurrency;
  /** ISO time. */
  at: string;
  status: string | null;
}

export interface ListForSaleResult {
  asset_id: string;
  listing_id: string | null;
  error: string | null;
}

export interface SetPriceResult {
  listing_id: string;
  ok: boolean;
  error: string | null;
}

export interface Market {
  readonly code: MarketCode;
  readonly currency: ConvertibleCurrency;
  readonly capabilities: ReadonlySet<MarketCapability>;
  getPrices(marketHashNames?: string[]): Promise<MarketPrice[]>;
  getInventory(): Promise<MarketInventoryItem[]>;
  getListings(): Promise<MarketListing[]>;
  listForSale(items: { asset_id: string; price: string }[]): Promise<ListForSaleResult[]>;
  /** A price of "0" (or null) takes the listing off sale. */
  setPrices(items: { listing_id: string; price: string | null }[]): Promise<SetPriceResult[]>;
  getBuyOrders(): Promise<MarketBuyOrder[]>;
  /**
   * Places or replaces the buy order for one item; count 0 or price "0" removes it. Spends money, so
   * it is never blindly retried: the client checks the marketplace's state before any second attempt.
   */
  setBuyOrder(order: {
    market_hash_name: string;
    price: string;
    count: number;
  }): Promise<MarketBuyOrder | null>;
  getBalance(): Promise<MarketBalance>;
  getHistory(from: Date, to: Date): Promise<MarketHistoryEntry[]>;
}

export class UnsupportedCapabilityError extends Error {
  constructor(
    readonly market: MarketCode,
    readonly capability: MarketCapability,
  ) {
    super(`${market} does not offer ${capability}`);
    this.name = 'UnsupportedCapabilityError';
  }
}
