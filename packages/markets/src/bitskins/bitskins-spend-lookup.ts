import type { TmSpendLookup } from '../tm/spend-lookup.ts';
import type { BitskinsClient } from './bitskins-client.ts';

/**
 * Whether a BitSkins market/buy/single whose answer was lost happened: BitSkins takes no id of ours, so the
 * listing is looked for among our latest bought items (market/history/list), as BitskinsMarket.buy does
 * (issue 11, item 6). Throws when BitSkins cannot be asked.
 */
export async function lookupBitskinsSpend(client: BitskinsClient, listingId: string): Promise<TmSpendLookup> {
  const { list } = await client.getHistory('bought', 100, 0);
  const found = list.find((row) => row.id === listingId);
  return found
    ? { state: 'done', detail: `BitSkins shows the listing ${listingId} bought`, purchaseId: listingId }
    : { state: 'not_seen', detail: 'BitSkins shows no purchase of this listing' };
}
