import { profitByDay, profitByItem, profitByMarket, profitTotals } from '@toydesk/db';

import { crudHandlers } from '../crud-handlers.ts';
import type { ApiHandlers } from '../handler.ts';

/**
 * The handlers of the `profit.*`, `profit-deals.*` and `profit-fees.*` routes (issue 16): the matched deals
 * and the fees through the generic CRUD, the summaries from profit_deal (migration 025 keeps it by trigger).
 */
export const profitHandlers = {
  ...crudHandlers('profit-deals', (ctx) => ctx.services.resources.profitDeal),
  ...crudHandlers('profit-fees', (ctx) => ctx.services.resources.marketFee),

  'profit.totals': async (ctx) => profitTotals(ctx.services.db, ctx.query),

  'profit.by_day': async (ctx) => ({
    currency: ctx.query.currency,
    results: await profitByDay(ctx.services.db, ctx.query),
  }),

  'profit.by_market': async (ctx) => ({
    currency: ctx.query.currency,
    results: await profitByMarket(ctx.services.db, ctx.query),
  }),

  'profit.by_item': async (ctx) => ({
    currency: ctx.query.currency,
    results: await profitByItem(ctx.services.db, ctx.query),
  }),
} satisfies Partial<ApiHandlers>;
