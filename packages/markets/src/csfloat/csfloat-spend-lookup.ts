import type { TmSpendLookup } from '../tm/spend-lookup.ts';
import type { CsfloatClient } from './csfloat-client.ts';

/**
 * Whether a CSFloat listings/buy whose answer was lost happened: CSFloat takes no id of ours, so the bought
 * listings are looked for among our purchases in /me/trades (newest first), as CsfloatMarket.buy does
 * (issue 11, item 6). Done when every listing shows as bought by us. Throws when CSFloat cannot be asked.
 */
export async function lookupCsfloatSpend(
  client: CsfloatClient,
  listingIds: readonly string[],
): Promise<TmSpendLookup> {
  const me = (await client.getMe()).user.steam_id;
  const { trades } = await client.getTrades(0);
  const bought = new Set(trades.filter((trade) => trade.buyer_id === me).map((trade) => trade.contract.id));
  const seen = listingIds.filter((id) => bought.has(id));
  if (seen.length === 0) return { state: 'not_seen', detail: 'CSFloat shows none of the listings bought' };
  // listings/buy is one order for all its listings: any of them bought means the money went.
  return {
    state: 'done',
    detail: `CSFloat shows the listing${seen.length > 1 ? 's' : ''} ${seen.join(', ')} bought`,
    purchaseId: seen.join(','),
  };
}
