import { badRequest, queryValue, queryValues, readPageRequest, sendPage } from '@toydesk/api-kit';
import { PROXY_LABEL_SQL, TAG_OBJECTS_SQL } from '../resources/sql-fragments.ts';
import { Params } from '../resources/sql.ts';
import { writeContext, type ApiHandlers } from './handler.ts';

/** RUB value of an amount in a market account's currency, rounded to 2 decimals (spec section 5). */
const toRubSql = (amount: string, currency: string, market: string) =>
  `round(CASE ${currency} WHEN 'USD' THEN ${amount} * ${market}.usd_to_rub_rate WHEN 'EUR' THEN ${amount} * ${market}.eur_to_rub_rate ELSE ${amount} END, 2)`;

export const marketHandlers = {
  'market-accounts.extended': async (ctx) => {
    const accounts = ctx.services.resources.marketAccount;
    const pageRequest = readPageRequest(ctx.rawQuery);
    const { where, orderBy, params } = accounts.parseList(ctx.rawQuery);
    const count = await accounts.count(ctx.services.db, where, params);
    await sendPage(ctx.services.db, ctx.request, ctx.reply, pageRequest, {
      count,
      sql: `SELECT ${accounts.selectList}, m.name AS market_name, s.steam_account_name, s.status AS steam_account_status,
                   ${TAG_OBJECTS_SQL('t')} AS tag_objects,
                   ${toRubSql('t.balance', 't.currency', 'm')} AS balance_rub,
                   ${PROXY_LABEL_SQL('t')} AS proxy_label
            FROM market_account t JOIN market m ON m.code = t.market JOIN steam_account s ON s.id = t.steam_account
            ${where} ORDER BY ${orderBy}`,
      params,
    });
    return ctx.reply;
  },

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

  'toy-dynamic-settings.create_or_update': async (ctx) => {
    const body = ctx.body;
    const rows: Record<string, unknown>[] = Array.isArray(body) ? body : [body];
    const settings = ctx.services.resources.toyDynamicSetting;
    return ctx.services.db.transaction(async (tx) => {
      // One row per (toy, market, account, Doppler phase); null account and phase are keys too.
      const normalized = rows.map((r) => ({ market_account: null, phase: null, ...r }));
      const result = await settings.upsert(
        tx,
        normalized,
        { columns: ['toy', 'market', 'market_account', 'phase'] },
        writeContext(ctx),
      );
      return {
        created: result.created,
        updated: result.updated,
        results: await settings.findByIds(tx, result.ids),
      };
    });
  },

  'market-toys.bulk_create_or_update_by_mhn': async (ctx) => {
    const rows: Record<string, unknown>[] = ctx.body;
    const { toy, marketToy } = ctx.services.resources;
    return ctx.services.db.transaction(async (tx) => {
      const names = [...new Set(rows.map((r) => r.market_hash_name as string))];
      const existing = await tx.query<{ id: number; market_hash_name: string }>(
        'SELECT id, market_hash_name FROM toy WHERE market_hash_name = ANY($1::text[])',
        [names],
      );
      const known = new Set(existing.map((r) => r.market_hash_name));
      const missing = names.filter((n) => !known.has(n));
      if (missing.length)
        await toy.upsert(
          tx,
          missing.map((market_hash_name) => ({ market_hash_name })),
          { columns: ['market_hash_name'] },
          writeContext(ctx),
        );
      const toys = await tx.query<{ id: number; market_hash_name: string }>(
        'SELECT id, market_hash_name FROM toy WHERE market_hash_name = ANY($1::text[])',
        [names],
      );
      const idByName = new Map(toys.map((r) => [r.market_hash_name, r.id]));
      const marketRows = rows.map(({ market_hash_name, ...rest }) => ({
        ...rest,
        toy: idByName.get(market_hash_name as string)!,
      }));
      const result = await marketToy.upsert(
        tx,
        marketRows,
        { columns: ['toy', 'market'] },
        writeContext(ctx),
      );
      return { created: result.created, updated: result.updated, toys_created: missing.length };
    });
  },

  'market-toys.bulk_update_by_qs': async (ctx) => ({
    updated: await ctx.services.resources.marketToy.updateByQuery(
      ctx.rawQuery,
      ctx.rawBody ?? {},
      writeContext(ctx),
    ),
  }),

  'market-toys.by_fields': async (ctx) => {
    const marketToys = ctx.services.resources.marketToy;
    const requested = (queryValue(ctx.rawQuery, 'fields') ?? '')
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
    const unknown = requested.filter((f) => !Object.hasOwn(marketToys.entity.fields, f));
    if (unknown.length)
      throw badRequest({ fields: [`Неизвестные поля: ${unknown.join(', ')}. (Unknown fields.)`] });
    const fields = requested.length ? requested : ['id', 'market_hash_name'];
    const pageRequest = readPageRequest(ctx.rawQuery);
    const { where, orderBy, params } = marketToys.parseList(ctx.rawQuery);
    const count = await marketToys.count(ctx.services.db, where, params);
    await sendPage(ctx.services.db, ctx.request, ctx.reply, pageRequest, {
      count,
      sql: `SELECT ${fields.map((f) => marketToys.selectParts[f]).join(', ')} FROM market_toy t ${where} ORDER BY ${orderBy}`,
      params,
    });
    return ctx.reply;
  },

  'market-toys.only_market_hash_name': async (ctx) => {
    const { where, params } = ctx.services.resources.marketToy.parseList(ctx.rawQuery);
    const rows = await ctx.services.db.query<{ market_hash_name: string }>(
      `SELECT DISTINCT x.market_hash_name FROM market_toy t JOIN toy x ON x.id = t.toy ${where} ORDER BY x.market_hash_name`,
      params,
    );
    return { count: rows.length, results: rows.map((r) => r.market_hash_name) };
  },
} satisfies Partial<ApiHandlers>;
