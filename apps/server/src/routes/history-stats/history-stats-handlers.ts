import { queryValues } from '@toydesk/contract';
import { statsByDate } from '@toydesk/db';

import { queryKey, sendVersionedJson } from '../../http/versioned-answer.ts';
import { crudHandlers } from '../crud-handlers.ts';
import type { ApiHandlers } from '../handler.ts';

/** History aggregates default to normal rows in RUB unless the query names a record status or currency. */
function withAggregateDefaults(query: Record<string, unknown>): Record<string, unknown> {
  return {
    ...query,
    record_status: queryValues(query, 'record_status').length ? query.record_status : 'normal',
    currency: queryValues(query, 'currency').length ? query.currency : 'RUB',
  };
}

/** The handlers of the `history-stats.*` routes: the generic CRUD ones and the special endpoints. */
export const historyStatsHandlers = {
  ...crudHandlers('history-stats', (ctx) => ctx.services.resources.historyStat),

  'history-stats.stats_by_date': async (ctx) => {
    const query = withAggregateDefaults(ctx.rawQuery);
    return sendVersionedJson(ctx, ['toy_history'], `stats_by_date ${queryKey(query)}`, async () => {
      const results = await statsByDate(ctx.services.db, ctx.services.resources.toyHistory, query);
      return { currency: queryValues(query, 'currency')[0], results };
    });
  },
} satisfies Partial<ApiHandlers>;
