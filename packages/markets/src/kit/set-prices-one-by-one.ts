import type { SetPriceResult } from '../market.ts';
import { isDelist } from './base-market.ts';
import { MarketApiError } from './market-errors.ts';

/** The calls of a marketplace that reprices or removes one listing per request. */
export interface OneListingCalls {
  delist(listingId: string): Promise<unknown>;
  /** `price` is a decimal string in major units, as setPrices received it. */
  setPrice(listingId: string, price: string): Promise<unknown>;
  /** How a refusal reads in that listing's result. */
  refusal(error: MarketApiError): string;
}

/**
 * setPrices one listing at a time, in order: a price of 0 (or null) takes the listing off sale, any other
 * sets it. A refusal by the marketplace is that listing's error and the next one is still tried; anything
 * else (a transport failure, an unreadable answer) throws, because what happened to the listing is unknown.
 */
export async function setPricesOneByOne(
  items: { listing_id: string; price: string | null }[],
  calls: OneListingCalls,
): Promise<SetPriceResult[]> {
  const results: SetPriceResult[] = [];
  for (const item of items) {
    try {
      if (item.price === null || isDelist(item.price)) await calls.delist(item.listing_id);
      else await calls.setPrice(item.listing_id, item.price);
      results.push({ listing_id: item.listing_id, ok: true, error: null });
    } catch (error) {
      if (!(error instanceof MarketApiError)) throw error;
      results.push({ listing_id: item.listing_id, ok: false, error: calls.refusal(error) });
    }
  }
  return results;
}
