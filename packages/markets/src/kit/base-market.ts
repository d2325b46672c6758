import type { ConvertibleCurrency, MarketCode } from '@toydesk/contract';
import { mapInSlices } from '@toydesk/http';

import {
  MARKET_CAPABILITIES,
  UnsupportedCapabilityError,
  type ListForSaleResult,
  type Market,
  type MarketBalance,
  type MarketBuyOrder,
  type MarketCapability,
  type MarketHistoryEntry,
  type MarketInventoryItem,
  type MarketListing,
  type MarketPrice,
  type SetPriceResult,
} from '../market.ts';

/**
 * The `Market` methods a marketplace does not offer: each throws UnsupportedCapabilityError. A
 * marketplace's Market class extends this, overrides what its API has and lists exactly that in
 * `capabilities`.
 */
export abstract class BaseMarket implements Market {
  abstract readonly code: MarketCode;
  abstract readonly currency: ConvertibleCurrency;
  abstract readonly capabilities: ReadonlySet<MarketCapability>;

  protected unsupported(capability: MarketCapability): never {
    throw new UnsupportedCapabilityError(this.code, capability);
  }

  /** A price row of a marketplace that publishes its lowest offer only (no buy order, no volume). */
  protected offerPrice(marketHashName: string, price: string | null): MarketPrice {
    return {
      market_hash_name: marketHashName,
      price,
      buy_order: null,
      currency: this.currency,
      volume: null,
    };
  }

  /** One of our listings that is on sale, in this account's currency; `position` where the market tells it. */
  protected onSale(
    listing: Pick<MarketListing, 'listing_id' | 'asset_id' | 'market_hash_name' | 'price'>,
    position: number | null = null,
  ): MarketListing {
    return { ...listing, currency: this.currency, status: 'on_sale', position };
  }

  /**
   * The offer price of each row of a whole price list whose name was asked for (every row when no names
   * were given). The rows are filtered before their prices are read: a price list holds thousands.
   */
  protected offerPrices<T>(
    rows: readonly T[],
    marketHashNames: string[] | undefined,
    nameOf: (row: T) => string,
    priceOf: (row: T) => string | null,
  ): Promise<MarketPrice[]> {
    const wanted = marketHashNames ? new Set(uniqueNames(marketHashNames)) : null;
    // In slices: a whole list is 100,000 decimal conversions, which would hold the event loop.
    return mapInSlices(
      rows.filter((row) => wanted === null || wanted.has(nameOf(row))),
      (row) => this.offerPrice(nameOf(row), priceOf(row)),
    );
  }

  async getPrices(_marketHashNames?: string[]): Promise<MarketPrice[]> {
    return this.unsupported('prices');
  }

  async getInventory(): Promise<MarketInventoryItem[]> {
    return this.unsupported('inventory');
  }

  async getListings(): Promise<MarketListing[]> {
    return this.unsupported('listings');
  }

  async listForSale(_items: { asset_id: string; price: string }[]): Promise<ListForSaleResult[]> {
    return this.unsupported('list_for_sale');
  }

  async setPrices(_items: { listing_id: string; price: string | null }[]): Promise<SetPriceResult[]> {
    return this.unsupported('set_price');
  }

  async getBuyOrders(): Promise<MarketBuyOrder[]> {
    return this.unsupported('buy_orders');
  }

  async setBuyOrder(_order: {
    market_hash_name: string;
    price: string;
    count: number;
  }): Promise<MarketBuyOrder | null> {
    return this.unsupported('buy_orders');
  }

  async getBalance(): Promise<MarketBalance> {
    return this.unsupported('balance');
  }

  async getHistory(_from: Date, _to: Date): Promise<MarketHistoryEntry[]> {
    return this.unsupported('history');
  }
}

/** The capabilities of a marketplace whose API has everything the `Market` interface asks but `missing`. */
export function everyCapabilityBut(...missing: MarketCapability[]): ReadonlySet<MarketCapability> {
  return new Set(MARKET_CAPABILITIES.filter((capability) => !missing.includes(capability)));
}

/** A price of "0" (or null) in setPrices means: take the listing off sale. */
export function isDelist(price: string | null): boolean {
  return price === null || /^0*(\.0*)?$/.test(price.trim());
}

/** Names a market was asked about, de-duplicated, in order. */
export function uniqueNames(names: string[]): string[] {
  return [...new Set(names)];
}

/** The currency a USD-only marketplace accepts: USD, or an error naming the market. */
export function usdOnly(code: MarketCode, currency: ConvertibleCurrency | undefined): 'USD' {
  if (currency !== undefined && currency !== 'USD') {
    throw new RangeError(`${code} accounts are in USD; ${currency} is not available`);
  }
  return 'USD';
}
