import { idsSchema, MARKET_CURRENCY, type CrudOp, type MarketCode } from '@toydesk/contract';
import { z } from 'zod';
import {
  notFound,
  type PageSource,
  parseOrThrow,
  queryValues,
  sendFilteredPage,
  wantsCsv,
} from '@toydesk/api-kit';

import type { Resource } from '../resources/resource.ts';
import { idParam, writeContext, type AnyApiContext, type Handler } from './handler.ts';

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

/** The route ids the DRF router makes for one resource (crudRoutes and bulkUpdateByIdsRoute). */
export type CrudRouteId<Tag extends string> = `${Tag}.${CrudOp | 'bulk_update_by_ids'}`;

/** The DRF router's handlers for one resource, keyed like the contract's route ids. */
export function crudHandlers<const Tag extends string>(
  tag: Tag,
  pick: (ctx: AnyApiContext) => Resource,
): Record<CrudRouteId<Tag>, Handler> {
  return withTag(tag, {
    list: async (ctx) => {
      const resource = pick(ctx);
      return sendFilteredPage(
        ctx,
        resource,
        (where, orderBy) => resource.selectSql(where, orderBy),
        wantsCsv(ctx.rawQuery) ? csvCurrency(resource) : {},
      );
    },
    create: async (ctx) => pick(ctx).create(ctx.rawBody, writeContext(ctx)),
    retrieve: async (ctx) => {
      const id = idParam(ctx);
      if (id < 0) throw notFound();
      return pick(ctx).retrieve(id);
    },
    update: async (ctx) => {
      const id = idParam(ctx);
      if (id < 0) throw notFound();
      return pick(ctx).update(id, ctx.rawBody, false, writeContext(ctx));
    },
    partial_update: async (ctx) => {
      const id = idParam(ctx);
      if (id < 0) throw notFound();
      return pick(ctx).update(id, ctx.rawBody, true, writeContext(ctx));
    },
    destroy: async (ctx) => {
      const id = idParam(ctx);
      if (id < 0) throw notFound();
      await pick(ctx).destroy(id, writeContext(ctx));
      return null;
    },
    bulk_update_by_ids: async (ctx) => {
      // ids come from the body, or (sell items) from repeated id keys of the query string.
      const body = parseOrThrow(
        z.object({ ids: idsSchema.optional(), fields: z.unknown() }),
        ctx.rawBody ?? {},
      );
      const fromQuery = queryValues(ctx.rawQuery, 'id');
      const ids = body.ids ?? parseOrThrow(idsSchema, fromQuery.map(Number), ['ids']);
      const results = await pick(ctx).bulkUpdateByIds(ids, body.fields ?? {}, writeContext(ctx));
      return { updated: results.length, results };
    },
  });
}

/** `list` → `<tag>.list`: the route ids of one resource's handlers. */
function withTag<const Tag extends string, K extends string>(
  tag: Tag,
  byOp: Record<K, Handler>,
): Record<`${Tag}.${K}`, Handler> {
  // Object.fromEntries loses the key type; every key is `${tag}.${op}` by construction.
  return Object.fromEntries(Object.entries<Handler>(byOp).map(([op, h]) => [`${tag}.${op}`, h])) as Record<
    `${Tag}.${K}`,
    Handler
  >;
}
