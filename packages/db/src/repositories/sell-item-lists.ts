import type { ListQuery } from '@toydesk/contract';

import type { EntityRepository } from '../crud/entity-repository.ts';
import { Params } from '../crud/sql.ts';
import type { Queryable, Row } from '../database.ts';

/** Listings, lowest, highest and total price per market hash name over the list's filters, most first. */
export async function countSellItemsByName(
  db: Queryable,
  sellItems: EntityRepository,
  query: ListQuery,
): Promise<Row[]> {
  const { where, params } = sellItems.parseList(query);
  return db.query(
    `SELECT t.market_hash_name, count(*)::int AS count, min(t.price) AS min_price, max(t.price) AS max_price, sum(t.price) AS total
       FROM sell_item t ${where} GROUP BY t.market_hash_name ORDER BY count(*) DESC, t.market_hash_name`,
    params,
  );
}

export interface ItemsForSaleFilter {
  market: string;
  steamAccounts: number[];
  marketHashNames: string[];
}

/**
 * The inventory items that can be listed on a market (in the inventory, tradable, marketable, out of trade
 * hold, their toy's price not ignored, not listed, sold or being delivered), with the market toy's sell
 * price: their count and the statement of the page (by name, then id) for api-kit's sendPage.
 */
export async function itemsForSalePage(
  db: Queryable,
  filter: ItemsForSaleFilter,
): Promise<{ count: number; sql: string; params: unknown[] }> {
  const params = new Params();
  const marketParam = params.add(filter.market);
  const where = [
    `i.status = 'in_inventory'`,
    'i.tradable',
    'i.marketable',
    '(i.trade_hold_until IS NULL OR i.trade_hold_until <= now())',
    'NOT coalesce(x.ignore_price, false)',
    `NOT EXISTS (SELECT 1 FROM sell_item si WHERE si.steam_account = i.steam_account AND si.asset_id = i.asset_id AND si.status IN ('on_sale', 'sold', 'delivering'))`,
  ];
  if (filter.steamAccounts.length)
    where.push(`i.steam_account = ANY(${params.add(filter.steamAccounts)}::int[])`);
  if (filter.marketHashNames.length)
    where.push(`i.market_hash_name = ANY(${params.add(filter.marketHashNames)}::text[])`);
  const from = `FROM steam_inventory i JOIN steam_account s ON s.id = i.steam_account LEFT JOIN toy x ON x.id = i.toy
                  LEFT JOIN market_toy mt ON mt.toy = i.toy AND mt.market = ${marketParam}
                  WHERE ${where.join(' AND ')}`;
  const count =
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params.values))[0]?.n ?? 0;
  return {
    count,
    sql: `SELECT i.id AS inventory_id, i.steam_account, s.steam_account_name, i.asset_id, i.classid_instanceid, i.market_hash_name,
                   i.toy, coalesce(i.icon_url, x.icon_url) AS icon_url, ${marketParam}::text AS market, mt.price_sell,
                   (SELECT count(*)::int FROM sell_item si WHERE si.market_hash_name = i.market_hash_name AND si.status = 'on_sale') AS on_sale_count
            ${from} ORDER BY i.market_hash_name, i.id`,
    params: params.values,
  };
}
