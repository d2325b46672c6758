import { compareMoney, sellItemEntity, type MarketCode, type SellItem } from '@toydesk/contract';

import { writeAudit } from '../audit/audit-log.ts';
import type { Database, Queryable } from '../database.ts';

/**
 * The sell items repository (table sell_item): the bots' market listings as the console's sell items list
 * shows them, kept in step with the market by the list-reprice loop and the manual listing and pricing
 * jobs. The console's own edits go through the server's generic resource.
 */

export interface SellItemAccount {
  id: number;
  market: MarketCode;
  steamAccount: number | null;
}

/** One of the account's listings as the market reports it. */
export interface MarketListing {
  marketItemId: string;
  assetId: string | null;
  marketHashName: string;
  classidInstanceid: string | null;
  /** Major units, exact decimal. */
  price: string;
  currency: string;
  position: number | null;
  /** On sale, or sold and waiting for its transfer. */
  status: Extract<SellItem['status'], 'on_sale' | 'sold'>;
  toy: number | null;
}

/**
 * Brings the account's rows in step with its listings on the market:
 *
 * - every listing has one row, found by (market_account, market_item_id); price and position follow the
 *   market;
 * - an on_sale row becomes sold when the market says so;
 * - after that the deliver loop's record of the deal (bot_delivery) decides: sent or trade_ready →
 *   delivering, delivered, failed;
 * - an on_sale row whose listing is gone from the market and that deliver never saw becomes removed (taken
 *   off, or a sale that completed between two ticks of both loops).
 *
 * Returns how many rows were added and how many were marked removed.
 */
export async function syncSellItemListings(
  db: Queryable,
  account: SellItemAccount,
  listings: readonly MarketListing[],
): Promise<{ added: number; removed: number }> {
  const ids = listings.map((listing) => listing.marketItemId);
  const [added] = await db.query<{ added: number }>(
    `WITH incoming AS (
       SELECT * FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::numeric[], $8::text[],
                            $9::int[], $10::text[], $11::int[])
         AS i(item_id, asset_id, mhn, cid_iid, price, currency, position, status, toy)
     ), updated AS (
       UPDATE sell_item s SET price = i.price, currency = i.currency, position = i.position,
         asset_id = COALESCE(s.asset_id, i.asset_id),
         status = CASE WHEN s.status = 'on_sale' THEN i.status ELSE s.status END,
         sold_at = CASE WHEN s.status = 'on_sale' AND i.status = 'sold' THEN now() ELSE s.sold_at END,
         updated_at = now()
       FROM incoming i
       WHERE s.market_account = $1 AND s.market_item_id = i.item_id
       RETURNING s.market_item_id
     ), inserted AS (
       INSERT INTO sell_item (market_account, market, steam_account, toy, market_hash_name, classid_instanceid,
                              asset_id, market_item_id, price, currency, position, status, sold_at)
       SELECT $1, $2, $12, i.toy, i.mhn, i.cid_iid, i.asset_id, i.item_id, i.price, i.currency, i.position,
              i.status, CASE WHEN i.status = 'sold' THEN now() END
       FROM incoming i WHERE i.item_id NOT IN (SELECT market_item_id FROM updated)
       RETURNING 1
     )
     SELECT count(*)::int AS added FROM inserted`,
    [
      account.id,
      account.market,
      ids,
      listings.map((listing) => listing.assetId),
      listings.map((listing) => listing.marketHashName),
      listings.map((listing) => listing.classidInstanceid),
      listings.map((listing) => listing.price),
      listings.map((listing) => listing.currency),
      listings.map((listing) => listing.position),
      listings.map((listing) => listing.status),
      listings.map((listing) => listing.toy),
      account.steamAccount,
    ],
  );
  // A sold listing's later states are deliver's (bot_delivery, by the market's deal id).
  await db.query(
    `UPDATE sell_item s SET status = d.status, updated_at = now()
     FROM (SELECT deal_id, CASE state WHEN 'pending' THEN 'sold' WHEN 'delivered' THEN 'delivered'
                                      WHEN 'failed' THEN 'failed' ELSE 'delivering' END AS status
           FROM bot_delivery WHERE market_account = $1) d
     WHERE s.market_account = $1 AND s.market_item_id = d.deal_id
       AND s.status IN ('on_sale', 'sold', 'delivering') AND s.status <> d.status`,
    [account.id],
  );
  const removed = await db.query(
    `UPDATE sell_item s SET status = 'removed', updated_at = now()
     WHERE s.market_account = $1 AND s.status = 'on_sale' AND s.market_item_id IS NOT NULL
       AND s.market_item_id <> ALL($2::text[])
       AND NOT EXISTS (SELECT 1 FROM bot_delivery d WHERE d.market_account = $1 AND d.deal_id = s.market_item_id)
     RETURNING 1`,
    [account.id, ids],
  );
  return { added: added?.added ?? 0, removed: removed.length };
}

/**
 * Notes a listing the bots just made, unless the account already has a row for it (a retried step); the toy
 * is found by its name.
 */
export async function insertListedSellItem(
  db: Queryable,
  account: SellItemAccount,
  listing: { marketItemId: string; assetId: string; marketHashName: string; price: string; currency: string },
): Promise<void> {
  await db.query(
    `INSERT INTO sell_item (market_account, market, steam_account, toy, market_hash_name, asset_id, market_item_id,
                            price, currency, status)
     SELECT $1, $2, $3, (SELECT id FROM toy WHERE market_hash_name = $4), $4, $5, $6, $7, $8, 'on_sale'
     WHERE NOT EXISTS (SELECT 1 FROM sell_item WHERE market_account = $1 AND market_item_id = $6)`,
    [
      account.id,
      account.market,
      account.steamAccount,
      listing.marketHashName,
      listing.assetId,
      listing.marketItemId,
      listing.price,
      listing.currency,
    ],
  );
}

type PricedRow = { id: number; market_item_id: string; price: string; status: string };

/**
 * Applies the prices the market confirmed to the account's listings (market item id → new price, or null
 * for taken off sale: an on_sale row becomes removed), in one transaction with `actor`'s audit entries.
 * Rows whose price and status do not change are left alone.
 */
export async function applySellItemPrices(
  db: Database,
  actor: string,
  marketAccount: number,
  prices: ReadonlyMap<string, string | null>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.query<PricedRow>(
      `SELECT id, market_item_id, price::text AS price, status FROM sell_item
       WHERE market_account = $1 AND market_item_id = ANY($2::text[]) FOR UPDATE`,
      [marketAccount, [...prices.keys()]],
    );
    const audit: { id: number; before: PricedRow; after: PricedRow }[] = [];
    for (const row of rows) {
      // Every row was selected by one of the keys: a missing one reads as taken off sale, never happens.
      const price = prices.get(row.market_item_id) ?? null;
      const after =
        price === null
          ? { ...row, status: row.status === 'on_sale' ? 'removed' : row.status }
          : { ...row, price };
      if (after.status === row.status && compareMoney(after.price, row.price) === 0) continue;
      await tx.query(`UPDATE sell_item SET price = $2, status = $3, updated_at = now() WHERE id = $1`, [
        row.id,
        after.price,
        after.status,
      ]);
      audit.push({ id: row.id, before: row, after });
    }
    await writeAudit(tx, actor, 'update', sellItemEntity.name, audit);
  });
}
