import { ADD_TO_SALE_RETRY_WAIT_MS } from '@toydesk/contract';

import type { Queryable } from '../database.ts';

/**
 * The listing waits repository (table bot_listing_wait): the spec's wait after an add-to-sale inventory
 * refusal (sections 4, 8, 9: refresh the inventory, then wait 30 s), kept as a not-before time per market
 * account, so a tick inside the wait skips listing and returns and no worker is held for 30 s.
 */

export interface ListingWait {
  notBefore: Date;
  reason: string;
}

/** The running wait of an account, or null when it may list now. */
export async function activeListingWait(db: Queryable, marketAccount: number): Promise<ListingWait | null> {
  const [row] = await db.query<{ not_before: string; reason: string }>(
    `SELECT not_before, reason FROM bot_listing_wait WHERE market_account = $1 AND not_before > now()`,
    [marketAccount],
  );
  return row ? { notBefore: new Date(row.not_before), reason: row.reason } : null;
}

/** Starts the 30 s wait (from the database's clock, the same for every worker). */
export async function startListingWait(
  db: Queryable,
  marketAccount: number,
  reason: string,
  assetId: string | null,
): Promise<Date> {
  const [row] = await db.query<{ not_before: string }>(
    `INSERT INTO bot_listing_wait (market_account, not_before, reason, asset_id)
     VALUES ($1, now() + make_interval(secs => $2::float8), $3, $4)
     ON CONFLICT (market_account) DO UPDATE SET not_before = excluded.not_before, reason = excluded.reason,
       asset_id = excluded.asset_id, updated_at = now()
     RETURNING not_before`,
    [marketAccount, ADD_TO_SALE_RETRY_WAIT_MS / 1000, reason, assetId],
  );
  return new Date(row!.not_before);
}
