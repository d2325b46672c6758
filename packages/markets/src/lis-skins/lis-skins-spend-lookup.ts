import type { TmSpendLookup } from '../tm/spend-lookup.ts';
import type { LisSkinsClient } from './lis-skins-client.ts';

/**
 * Whether a Lis-skins buy whose answer was lost happened: /market/info by our custom_id (issue 11, item 6).
 * Throws when Lis-skins cannot be asked; `not_seen` is not yet "never" (the caller decides how final it is).
 */
export async function lookupLisSkinsSpend(client: LisSkinsClient, customId: string): Promise<TmSpendLookup> {
  const { data } = await client.getPurchaseInfo({ customIds: [customId] });
  const found = data.find((purchase) => purchase.custom_id === customId);
  return found
    ? {
        state: 'done',
        detail: `Lis-skins shows the purchase ${found.purchase_id}`,
        purchaseId: String(found.purchase_id),
      }
    : { state: 'not_seen', detail: 'Lis-skins has no purchase with this custom_id' };
}
