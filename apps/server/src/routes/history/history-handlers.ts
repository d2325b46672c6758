import { notFound, parseOrThrow, rowError, sendFilteredPage } from '@toydesk/api-kit';
import { connectItemsBodySchema } from '@toydesk/contract';

import { MARKET_ACCOUNT_LABEL_SQL } from '../../resources/sql-fragments.ts';
import { avgStatsByName, type AvgStatsFilter } from './history-aggregates.ts';
import { connectToToys } from '../connect-items.ts';
import { crudHandlers } from '../crud-handlers.ts';
import { writeContext, type ApiHandlers } from '../handler.ts';

/** The handlers of the `history.*` routes: the generic CRUD ones and the special endpoints. */
export const historyHandlers = {
  ...crudHandlers('history', (ctx) => ctx.services.resources.toyHistory),

  'history.avg_stats_by_name': async (ctx) => {
    // An empty body is no filter at all (every name).
    const filter: AvgStatsFilter = ctx.parseBody(ctx.rawBody ?? {});
    return avgStatsByName(ctx.services.db, filter);
  },

  'history.set_point_status': async (ctx) => {
    const q = ctx.query;
    const { resources, db } = ctx.services;
    return db.transaction(async (tx) => {
      let point = q.id
        ? (
            await tx.query<{ id: number; market: string; market_hash_name: string; date: string }>(
              'SELECT id, market, market_hash_name, date FROM history_stat WHERE id = $1',
              [q.id],
            )
          )[0]
        : (
            await tx.query<{ id: number; market: string; market_hash_name: string; date: string }>(
              'SELECT id, market, market_hash_name, date FROM history_stat WHERE market = $1 AND market_hash_name = $2 AND date = $3',
              [q.market, q.market_hash_name, q.date],
            )
          )[0];
      if (!point && !q.id) {
        // No collected point for that day yet: make one from our own history of that day.
        const created = await resources.historyStat.upsert(
          tx,
          (
            await tx.query(
              `SELECT market, market_hash_name, max(toy) AS toy, (date AT TIME ZONE 'UTC')::date::text AS date,
                      round(avg(price), 2)::text AS avg_price, min(price)::text AS min_price, max(price)::text AS max_price,
                      count(*)::int AS volume, min(currency) AS currency
               FROM toy_history WHERE market = $1 AND market_hash_name = $2 AND (date AT TIME ZONE 'UTC')::date = $3::date
               GROUP BY market, market_hash_name, (date AT TIME ZONE 'UTC')::date`,
              [q.market, q.market_hash_name, q.date],
            )
          ).map((r) => ({ ...r })),
          { columns: ['market', 'market_hash_name', 'date'] },
          writeContext(ctx),
        );
        if (created.ids[0])
          point = {
            id: created.ids[0],
            market: q.market!,
            market_hash_name: q.market_hash_name!,
            date: q.date!,
          };
      }
      if (!point) throw notFound('Точка не найдена. (Price point not found.)');
      const pointIds = await resources.historyStat.updateWhere(
        tx,
        { point_status: q.status },
        'WHERE t.id = $1',
        [point.id],
        writeContext(ctx),
      );
      const historyIds = await resources.toyHistory.updateWhere(
        tx,
        { record_status: q.status },
        `WHERE t.market = $1 AND t.market_hash_name = $2 AND (t.date AT TIME ZONE 'UTC')::date = $3::date AND t.record_status <> $4`,
        [point.market, point.market_hash_name, point.date, q.status],
        writeContext(ctx),
      );
      return { success: true, point: pointIds.length, history: historyIds.length };
    });
  },

  'history.bulk_create_or_update': async (ctx) => {
    const rows: Record<string, unknown>[] = ctx.body;
    const history = ctx.services.resources.toyHistory;
    return ctx.services.db.transaction(async (tx) => {
      const withId = rows.map((row, index) => ({ row, index })).filter((r) => r.row.id !== undefined);
      if (withId.length) {
        const found = await tx.query<{ id: number }>('SELECT id FROM toy_history WHERE id = ANY($1::int[])', [
          withId.map((r) => r.row.id),
        ]);
        const known = new Set(found.map((r) => r.id));
        const missing = withId.find((r) => !known.has(r.row.id as number));
        if (missing) throw rowError(missing.index, 'id', 'Запись не найдена. (Not found.)');
      }
      const byKey = rows.filter((r) => r.id === undefined && r.market_item_id && r.market);
      const plain = rows.filter((r) => r.id === undefined && !(r.market_item_id && r.market));
      const a = withId.length
        ? await history.upsert(
            tx,
            withId.map((r) => r.row),
            { columns: ['id'] },
            writeContext(ctx),
          )
        : { created: 0, updated: 0 };
      const b = byKey.length
        ? await history.upsert(
            tx,
            byKey,
            { columns: ['market', 'side', 'market_item_id'], where: 'market_item_id IS NOT NULL' },
            writeContext(ctx),
          )
        : { created: 0, updated: 0 };
      const c = plain.length
        ? await history.upsert(tx, plain, null, writeContext(ctx))
        : { created: 0, updated: 0 };
      return { created: a.created + b.created + c.created, updated: a.updated + b.updated + c.updated };
    });
  },

  'history.connect_items': async (ctx) => {
    const body = parseOrThrow(connectItemsBodySchema, ctx.rawBody ?? {});
    return connectToToys(ctx, ctx.services.resources.toyHistory, body.ids);
  },

  'history.count_by_mhn': async (ctx) => {
    const { where, params } = ctx.services.resources.toyHistory.parseList(ctx.rawQuery);
    const results = await ctx.services.db.query(
      `SELECT t.market_hash_name, count(*)::int AS count,
              count(*) FILTER (WHERE t.side = 'buy')::int AS buy_count, count(*) FILTER (WHERE t.side = 'sell')::int AS sell_count
       FROM toy_history t ${where} GROUP BY t.market_hash_name ORDER BY count(*) DESC, t.market_hash_name`,
      params,
    );
    return { results };
  },

  'history.extended': async (ctx) => {
    const history = ctx.services.resources.toyHistory;
    return sendFilteredPage(
      ctx,
      history,
      (
        where,
        orderBy,
      ) => `SELECT ${history.selectList}, x.ru_name, x.icon_url, x.label AS toy_label, s.steam_account_name,
                   ${MARKET_ACCOUNT_LABEL_SQL('ma')} AS market_account_label
            FROM toy_history t
            LEFT JOIN toy x ON x.id = t.toy
            LEFT JOIN steam_account s ON s.id = t.steam_account
            LEFT JOIN market_account ma ON ma.id = t.market_account
            ${where} ORDER BY ${orderBy}`,
    );
  },
} satisfies Partial<ApiHandlers>;
