import { badRequest } from '@toydesk/api-kit';

import { crudHandlers } from '../crud-handlers.ts';
import { writeContext, type ApiHandlers } from '../handler.ts';

function toArray(value: unknown): unknown {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value : [value];
}

/** The handlers of the `toys.*` routes: the generic CRUD ones and the special endpoints. */
export const toysHandlers = {
  ...crudHandlers('toys', (ctx) => ctx.services.resources.toy),

  'toys.bulk_update_by_qs': async (ctx) => ({
    updated: await ctx.services.resources.toy.updateByQuery(
      ctx.rawQuery,
      ctx.rawBody ?? {},
      writeContext(ctx),
    ),
  }),

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
    const toys = ctx.services.resources.toy;
    const where = 'WHERE (t.id = ANY($1::int[]) OR t.market_hash_name = ANY($2::text[]))';
    const ids = await ctx.services.db.transaction(async (tx) => {
      // All or nothing: one unknown id or name refuses the whole call, as the bulk updates do.
      const found = await tx.query<{ id: number; market_hash_name: string }>(toys.selectSql(where), [
        wantedIds,
        wantedNames,
      ]);
      const knownIds = new Set(found.map((r) => r.id));
      const knownNames = new Set(found.map((r) => r.market_hash_name));
      const missingIds = wantedIds.filter((id) => !knownIds.has(id));
      const missingNames = wantedNames.filter((name) => !knownNames.has(name));
      if (missingIds.length > 0 || missingNames.length > 0) {
        throw badRequest({
          ...(missingIds.length > 0
            ? { id: [`Не найдены id: ${missingIds.slice(0, 20).join(', ')}. (Not found.)`] }
            : {}),
          ...(missingNames.length > 0
            ? {
                market_hash_name: [`Не найдены: ${missingNames.slice(0, 20).join(', ')}. (Not found.)`],
              }
            : {}),
        });
      }
      return toys.updateWhere(
        tx,
        { ignore_price: q.value },
        where,
        [wantedIds, wantedNames],
        writeContext(ctx),
      );
    });
    return { updated: ids.length };
  },
} satisfies Partial<ApiHandlers>;
