import type { TmItem } from '@toydesk/markets';

import type { Queryable } from '@toydesk/db';
import type { TradingAccount } from '../trading-loop.ts';

/**
 * Keeps the sell_item table in step with the account's listings on the market (tm `items`):
 *
 * - every listing (status 1 on sale, 2 sold and waiting for its transfer) has one row, found by
 *   (market_account, market_item_id); price and position follow the market;
 * - an on_sale row becomes sold when the market says status 2;
 * - after that the deliver loop's record of the deal (bot_delivery) decides: sent or trade_ready →
 *   delivering, delivered, failed;
 * - an on_sale row whose listing is gone from the market and that deliver never saw becomes removed (taken
 *   off, or a sale that completed between two ticks of both loops).
 *
 * Returns how many rows were added and how many were marked removed.
 */
export async function syncSellItems(
  db: Queryable,
  account: TradingAccount,
  listings: readonly TmItem[],
  toyByName: ReadonlyMap<string, { toy: number }>,
): Promise<{ added: number; removed: number }> {
  const rows = listings.filter((item) => item.status === '1' || item.status === '2');
  const ids = rows.map((item) => item.itemId);
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
      rows.map((item) => item.assetId),
      rows.map((item) => item.marketHashName),
      rows.map((item) =>
        item.classid !== null && item.instanceid !== null ? `${item.classid}_${item.instanceid}` : null,
      ),
      rows.map((item) => item.price),
      rows.map((item) => item.currency),
      rows.map((item) => item.position),
      rows.map((item) => (item.status === '2' ? 'sold' : 'on_sale')),
      rows.map((item) => toyByName.get(item.marketHashName)?.toy ?? null),
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
