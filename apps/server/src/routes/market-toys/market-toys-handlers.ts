import { badRequest, sendFilteredPage } from '@toydesk/api-kit';
import { queryValue } from '@toydesk/contract';
import { listMarketToyNames, marketToyFieldsSql, upsertMarketToysByName } from '@toydesk/db';

import { crudHandlers, updateByQuery } from '../crud-handlers.ts';
import { writeContext, type ApiHandlers } from '../handler.ts';

/** The handlers of the `market-toys.*` routes: the generic CRUD ones and the special endpoints. */
export const marketToysHandlers = {
  ...crudHandlers('market-toys', (ctx) => ctx.services.resources.marketToy),

  'market-toys.bulk_create_or_update_by_mhn': async (ctx) => {
    const rows: Record<string, unknown>[] = ctx.body;
    return ctx.services.db.transaction((tx) =>
      upsertMarketToysByName(tx, ctx.services.resources, rows, writeContext(ctx)),
    );
  },

  'market-toys.bulk_update_by_qs': async (ctx) => updateByQuery(ctx, ctx.services.resources.marketToy),

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
    return sendFilteredPage(ctx, marketToys, marketToyFieldsSql(marketToys, fields));
  },

  'market-toys.only_market_hash_name': async (ctx) => {
    const names = await listMarketToyNames(ctx.services.db, ctx.services.resources.marketToy, ctx.rawQuery);
    return { count: names.length, results: names };
  },
} satisfies Partial<ApiHandlers>;
