import { idsSchema, MARKET_CURRENCY, type MarketCode } from '@toydesk/contract';
import { z } from 'zod';

import { notFound, parseOrThrow } from '../http/api-error.ts';
import { queryValues } from '../http/query-string.ts';
import { wantsCsv } from '../resources/csv-export.ts';
import { readPageRequest, sendPage, type PageSource } from '../resources/pagination.ts';
import type { Resource } from '../resources/resource.ts';
import { idParam, writeContext, type ApiContext, type Handler } from './handler.ts';

/**
 * A CSV export states each amount's currency: rows with money in their market's currency (market toys,
 * dynamic settings) and no currency field get one, after their fields.
 */
function csvCurrency(resource: Resource): Pick<PageSource, 'columns' | 'transform'> {
  const fields = resource.entity.fields;
  const columns = Object.keys(fields);
  const hasMoney = Object.values(fields).some((def) => def.kind === 'money');
  if (!hasMoney || 'currency' in fields || !('market' in fields)) return { columns };
  return {
    columns: [...columns, 'currency'],
    transform: (row) => ({ ...row, currency: MARKET_CURRENCY[row.market as MarketCode] ?? null }),
  };
}

/** The DRF router's handlers for one resource, keyed like the contract's route ids. */
export function crudHandlers(tag: string, pick: (ctx: ApiContext) => Resource): Record<string, Handler> {
  return {
    [`${tag}.list`]: async (ctx) => {
      const resource = pick(ctx);
      const pageRequest = readPageRequest(ctx.query);
      const { where, orderBy, params } = resource.parseList(ctx.query);
      const count = await resource.count(ctx.services.db, where, params);
      await sendPage(ctx.services.db, ctx.request, ctx.reply, pageRequest, {
        count,
        sql: resource.selectSql(where, orderBy),
        params,
        ...(wantsCsv(ctx.query) ? csvCurrency(resource) : {}),
      });
      return ctx.reply;
    },
    [`${tag}.create`]: async (ctx) => pick(ctx).create(ctx.body, writeContext(ctx)),
    [`${tag}.retrieve`]: async (ctx) => {
      const id = idParam(ctx);
      if (id < 0) throw notFound();
      return pick(ctx).retrieve(id);
    },
    [`${tag}.update`]: async (ctx) => {
      const id = idParam(ctx);
      if (id < 0) throw notFound();
      return pick(ctx).update(id, ctx.body, false, writeContext(ctx));
    },
    [`${tag}.partial_update`]: async (ctx) => {
      const id = idParam(ctx);
      if (id < 0) throw notFound();
      return pick(ctx).update(id, ctx.body, true, writeContext(ctx));
    },
    [`${tag}.destroy`]: async (ctx) => {
      const id = idParam(ctx);
      if (id < 0) throw notFound();
      await pick(ctx).destroy(id, writeContext(ctx));
      return null;
    },
    [`${tag}.bulk_update_by_ids`]: async (ctx) => {
      // ids come from the body, or (sell items) from repeated id keys of the query string.
      const body = parseOrThrow(z.object({ ids: idsSchema.optional(), fields: z.unknown() }), ctx.body ?? {});
      const fromQuery = queryValues(ctx.query, 'id');
      const ids = body.ids ?? parseOrThrow(idsSchema, fromQuery.map(Number), ['ids']);
      const results = await pick(ctx).bulkUpdateByIds(ids, body.fields ?? {}, writeContext(ctx));
      return { updated: results.length, results };
    },
  };
}
