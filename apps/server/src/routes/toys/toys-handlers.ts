import { setToysIgnorePrice } from '@toydesk/db';

import { crudHandlers, updateByQuery } from '../crud-handlers.ts';
import { writeContext, type ApiHandlers } from '../handler.ts';

function toArray(value: unknown): unknown {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value : [value];
}

/** The handlers of the `toys.*` routes: the generic CRUD ones and the special endpoints. */
export const toysHandlers = {
  ...crudHandlers('toys', (ctx) => ctx.services.resources.toy),

  'toys.bulk_update_by_qs': async (ctx) => updateByQuery(ctx, ctx.services.resources.toy),

  'toys.create_and_update': async (ctx) => {
    const rows: Record<string, unknown>[] = ctx.body;
    const toys = ctx.services.resources.toy;
    const prepared = rows.map((row) => toys.config.prepare?.(row, writeContext(ctx), null) ?? row);
    const result = await ctx.services.db.transaction((tx) =>
      toys.upsert(tx, prepared, { columns: ['market_hash_name'] }, writeContext(ctx)),
    );
    return { created: result.created, updated: result.updated };
  },

  'toys.set_ignore_price': async (ctx) => {
    // A single id or name arrives as a string; the schema wants lists.
    const q = ctx.parseQuery({
      ...ctx.rawQuery,
      id: toArray(ctx.rawQuery.id),
      market_hash_name: toArray(ctx.rawQuery.market_hash_name),
    });
    const wantedIds = [...new Set(q.id ?? [])];
    const wantedNames = [...new Set(q.market_hash_name ?? [])];
    const ids = await setToysIgnorePrice(
      ctx.services.db,
      ctx.services.resources.toy,
      { ids: wantedIds, names: wantedNames },
      q.value,
      writeContext(ctx),
    );
    return { updated: ids.length };
  },
} satisfies Partial<ApiHandlers>;
