import type { TmSpendLookup } from '../tm/spend-lookup.ts';
import type { WaxpeerClient } from './waxpeer-client.ts';

/**
 * Whether a Waxpeer buy whose answer was lost happened: check-many-project-id by our project_id (issue 11,
 * item 6), the check WaxpeerMarket.buy makes too. Throws when Waxpeer cannot be asked; `not_seen` is not yet
 * "never" (the caller decides how final it is).
 */
export async function lookupWaxpeerSpend(client: WaxpeerClient, projectId: string): Promise<TmSpendLookup> {
  const { trades } = await client.checkProjectIds([projectId]);
  const found = trades.find((trade) => trade.project_id === projectId);
  return found
    ? { state: 'done', detail: `Waxpeer shows the purchase ${found.id}`, purchaseId: found.id }
    : { state: 'not_seen', detail: 'Waxpeer has no purchase with this project_id' };
}
