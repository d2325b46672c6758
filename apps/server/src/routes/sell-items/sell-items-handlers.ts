import { badRequest, readPageRequest, sendPage } from '@toydesk/api-kit';
import { queryValues } from '@toydesk/contract';
import { countSellItemsByName, itemsForSalePage } from '@toydesk/db';

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
    return { results: await countSellItemsByName(ctx.services.db, ctx.services.resources.sellItem, query) };
  },

  'sell-items.for_sell': async (ctx) => {
    const market = ctx.query.market ?? 'tm';
    const accounts = queryValues(ctx.rawQuery, 'steam_account');
    if (accounts.some((a) => !/^\d{1,9}$/.test(a)))
      throw badRequest({ steam_account: ['Введите целое число. (A valid integer is required.)'] });
    const filter = {
      market,
      steamAccounts: accounts.map(Number),
      marketHashNames: queryValues(ctx.rawQuery, 'market_hash_name'),
    };
    const pageRequest = readPageRequest(ctx.rawQuery);
    const page = await itemsForSalePage(ctx.services.db, filter);
    await sendPage(ctx.services.db, ctx.request, ctx.reply, pageRequest, page);
    return ctx.reply;
  },
} satisfies Partial<ApiHandlers>;
