import { notFound, parseOrThrow, sendFilteredPage } from '@toydesk/api-kit';
import { connectItemsBodySchema } from '@toydesk/contract';
import {
  avgStatsByName,
  connectToToys,
  countToyHistoryByName,
  setHistoryPointStatus,
  toyHistoryExtendedSql,
  upsertToyHistoryRows,
  type AvgStatsFilter,
} from '@toydesk/db';

import { queryKey, sendVersionedJson } from '../../http/versioned-answer.ts';
import { crudHandlers } from '../crud-handlers.ts';
import { writeContext, type ApiHandlers } from '../handler.ts';

/** The handlers of the `history.*` routes: the generic CRUD ones and the special endpoints. */
export const historyHandlers = {
  ...crudHandlers('history', (ctx) => ctx.services.resources.toyHistory),

  'history.avg_stats_by_name': async (ctx) => {
    // An empty body is no filter at all (every name).
    const filter: AvgStatsFilter = ctx.parseBody(ctx.rawBody ?? {});
    return sendVersionedJson(ctx, ['toy_history'], `avg_stats_by_name ${JSON.stringify(filter)}`, () =>
      avgStatsByName(ctx.services.db, filter),
    );
  },

  'history.set_point_status': async (ctx) => {
    const changed = await setHistoryPointStatus(
      ctx.services.db,
      ctx.services.resources,
      ctx.query,
      writeContext(ctx),
    );
    if (!changed) throw notFound('Точка не найдена. (Price point not found.)');
    return { success: true, ...changed };
  },

  'history.bulk_create_or_update': async (ctx) => {
    const rows: Record<string, unknown>[] = ctx.body;
    const history = ctx.services.resources.toyHistory;
    return ctx.services.db.transaction((tx) => upsertToyHistoryRows(tx, history, rows, writeContext(ctx)));
  },

  'history.connect_items': async (ctx) => {
    const body = parseOrThrow(connectItemsBodySchema, ctx.rawBody ?? {});
    return connectToToys(ctx.services.db, ctx.services.resources.toyHistory, body.ids, writeContext(ctx));
  },

  'history.count_by_mhn': async (ctx) =>
    sendVersionedJson(ctx, ['toy_history'], `count_by_mhn ${queryKey(ctx.rawQuery)}`, async () => ({
      results: await countToyHistoryByName(ctx.services.db, ctx.services.resources.toyHistory, ctx.rawQuery),
    })),

  'history.extended': async (ctx) => {
    const history = ctx.services.resources.toyHistory;
    return sendFilteredPage(ctx, history, toyHistoryExtendedSql(history));
  },
} satisfies Partial<ApiHandlers>;
