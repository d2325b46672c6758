import { idsSchema, MARKET_CURRENCY, queryValues, type CrudOp, type MarketCode } from '@toydesk/contract';
import type { EntityRepository } from '@toydesk/db';
import { z } from 'zod';
import {
  notFound,
  type PageSource,
  pageFitsInMemory,
  parseOrThrow,
  readFilteredPage,
  readPageRequest,
  sendFilteredPage,
  wantsCsv,
} from '@toydesk/api-kit';

import { sendVersionedJson } from '../http/versioned-answer.ts';
import { idParam, writeContext, type AnyApiContext, type Handler } from './handler.ts';

/**
 * A CSV export states each amount's currency: rows with money in their market's currency (market toys,
 * dynamic settings) and no currency field get one, after their fields.
 */
function csvCurrency(resource: EntityRepository): Pick<PageSource, 'columns' | 'transform'> {
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
  pick: (ctx: AnyApiContext) => EntityRepository,
): Record<CrudRouteId<Tag>, Handler> {
  return withTag(tag, {
    list: async (ctx) => {
      const resource = pick(ctx);
      const select = (where: string, orderBy: string) => resource.selectSql(where, orderBy);
      const csv = wantsCsv(ctx.rawQuery);
      const tables = resource.config.versioned;
      // A page of a list whose tables are versioned is kept whole per their version, with an ETag; its
      // links name the host and path asked for, so those are part of the question.
      if (tables && !csv && pageFitsInMemory(readPageRequest(ctx.rawQuery))) {
        const { request } = ctx;
        // Rows with masked secrets (Steam and market accounts) keep the API's no-store.
        const storable = !Object.values(resource.entity.fields).some((def) => def.kind === 'secret');
        return sendVersionedJson(
          ctx,
          tables,
          `list ${request.protocol}://${request.host}${request.url}`,
          () => readFilteredPage(ctx, resource, select),
          { storable },
        );
      }
      return sendFilteredPage(ctx, resource, select, csv ? csvCurrency(resource) : {});
    },
    create: async (ctx) => {
      const resource = pick(ctx);
      return resource.create(parseOrThrow(resource.entity.createSchema, ctx.rawBody), writeContext(ctx));
    },
    retrieve: async (ctx) => {
      const id = idParam(ctx);
      if (id < 0) throw notFound();
      return pick(ctx).retrieve(id);
    },
    update: async (ctx) => {
      const id = idParam(ctx);
      if (id < 0) throw notFound();
      const resource = pick(ctx);
      const validate = () => parseOrThrow(resource.entity.createSchema, ctx.rawBody);
      return resource.update(id, validate, writeContext(ctx));
    },
    partial_update: async (ctx) => {
      const id = idParam(ctx);
      if (id < 0) throw notFound();
      const resource = pick(ctx);
      const validate = () => parseOrThrow(resource.entity.patchSchema, ctx.rawBody);
      return resource.update(id, validate, writeContext(ctx));
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
      const resource = pick(ctx);
      const fields = parseOrThrow(resource.entity.patchSchema, body.fields ?? {}, ['fields']);
      const results = await resource.bulkUpdateByIds(ids, fields, writeContext(ctx));
      return { updated: results.length, results };
    },
  });
}

/** `.../bulk-update-by-qs/`: the body's fields, validated like a PATCH, on every row the list query selects. */
export async function updateByQuery(ctx: AnyApiContext, resource: EntityRepository) {
  const fields = parseOrThrow(resource.entity.patchSchema, ctx.rawBody ?? {});
  return { updated: await resource.updateByQuery(ctx.rawQuery, fields, writeContext(ctx)) };
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
