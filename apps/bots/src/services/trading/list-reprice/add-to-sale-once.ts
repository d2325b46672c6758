import { TmError, type TmClient } from '@toydesk/markets';

import type { JobContext } from '../../../jobs/job-context.ts';
import { startListingWait, type Queryable } from '@toydesk/db';

/**
 * tm's add-to-sale as the list-reprice loop and the operator's manual listing (trading/manual-listing/)
 * both send it: inside `once(stepKey)`, whose check looks for the asset among the account's listings
 * (`items`), so an attempt retried after a killed worker never lists an asset twice. The transport sends a
 * GET again when the first answer is lost: that second try finds the item listed by the first one and tm
 * says item_not_in_inventory. It is listed, once: the listing is looked up and returned.
 */
export function addToSaleOnce(
  job: JobContext,
  tm: TmClient,
  stepKey: string,
  assetId: string,
  price: string,
): Promise<{ itemId: string }> {
  return job.once(
    stepKey,
    () => findListing(tm, assetId),
    async () => {
      try {
        return await tm.selling.addToSale({ assetId, price });
      } catch (error) {
        if (error instanceof TmError && error.code === 'item_not_in_inventory') {
          const listed = await findListing(tm, assetId);
          if (listed !== null) return listed;
        }
        throw error;
      }
    },
  );
}

/** The market's listing of an asset (tm `items`), or null. */
export async function findListing(tm: TmClient, assetId: string): Promise<{ itemId: string } | null> {
  const listing = (await tm.selling.items()).find((entry) => entry.assetId === assetId);
  return listing ? { itemId: listing.itemId } : null;
}

/**
 * The second half of the spec's reaction to an add-to-sale inventory refusal, after update-inventory: no
 * listing on the account for 30 s (bot_listing_wait, on the database's clock: every worker sees it).
 */
export async function waitAfterInventoryRefusal(
  job: JobContext,
  db: Queryable,
  marketAccount: number,
  reason: string,
  assetId: string | null,
): Promise<Date> {
  const until = await startListingWait(db, marketAccount, reason, assetId);
  await job.log(
    `add-to-sale refused with ${reason}: inventory refreshed, listing waits until ${until.toISOString()}`,
  );
  return until;
}
