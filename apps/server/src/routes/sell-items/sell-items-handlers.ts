import { badRequest, queryValues, readPageRequest, sendPage } from '@toydesk/api-kit';

import { Params } from '../../resources/sql.ts';
import { crudHandlers } from '../crud-handlers.ts';
import type { ApiHandlers } from '../handler.ts';

/** The handlers of the `sell-items.*` routes: the generic CRUD ones and the special endpoints. */
export const sellItemsHandlers = {
  ...crudHandlers('sell-items', (ctx) => ctx.services.resources.sellItem),

  'sell-items.count_by_mhn': async (ctx) => {
    // Counts of what is on sale now unless the query names a status.
    const query = queryValues(ctx.rawQuery, 'status').length
      ? ctx.rawQuery
      : { ...ctx.rawQuery, status: 'on_sale' };
    const { where, params } = ctx.services.resources.sellItem.parseList(query);
    const results = await ctx.services.db.query(
      `SELECT t.market_hash_name, count(*)::int AS count, min(t.price) AS min_price, max(t.price) AS max_price, sum(t.price) AS total
       FROM sell_item t ${where} GROUP BY t.market_hash_name ORDER BY count(*) DESC, t.market_hash_name`,
      params,
    );
    return { results };
  },

  'sell-items.for_sell': async (ctx) => {
    const q = ctx.query;
    const market = q.market ?? 'tm';
    const params = new Params();
    const marketParam = params.add(market);
    const where = [
      `i.status = 'in_inventory'`,
      'i.tradable',
      'i.marketable',
      '(i.trade_hold_until IS NULL OR i.trade_hold_until <= now())',
      'NOT coalesce(x.ignore_price, false)',
      `NOT EXISTS (SELECT 1 FROM sell_item si WHERE si.steam_account = i.steam_account AND si.asset_id = i.asset_id AND si.status IN ('on_sale', 'sold', 'delivering'))`,
    ];
    const accounts = queryValues(ctx.rawQuery, 'steam_account');
    if (accounts.length) {
      if (accounts.some((a) => !/^\d{1,9}$/.test(a)))
        throw badRequest({ steam_account: ['Введите целое число. (A valid integer is required.)'] });
      where.push(`i.steam_account = ANY(${params.add(accounts.map(Number))}::int[])`);
    }
    const names = queryValues(ctx.rawQuery, 'market_hash_name');
    if (names.length) where.push(`i.market_hash_name = ANY(${params.add(names)}::text[])`);
    const from = `FROM steam_inventory i JOIN steam_account s ON s.id = i.steam_account LEFT JOIN toy x ON x.id = i.toy
                  LEFT JOIN market_toy mt ON mt.toy = i.toy AND mt.market = ${marketParam}
                  WHERE ${where.join(' AND ')}`;
    const pageRequest = readPageRequest(ctx.rawQuery);
    const count =
      (await ctx.services.db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params.values))[0]
        ?.n ?? 0;
    await sendPage(ctx.services.db, ctx.request, ctx.reply, pageRequest, {
      count,
      sql: `SELECT i.id AS inventory_id, i.steam_account, s.steam_account_name, i.asset_id, i.classid_instanceid, i.market_hash_name,
                   i.toy, coalesce(i.icon_url, x.icon_url) AS icon_url, ${marketParam}::text AS market, mt.price_sell,
                   (SELECT count(*)::int FROM sell_item si WHERE si.market_hash_name = i.market_hash_name AND si.status = 'on_sale') AS on_sale_count
            ${from} ORDER BY i.market_hash_name, i.id`,
      params: params.values,
    });
    return ctx.reply;
  },
} satisfies Partial<ApiHandlers>;
