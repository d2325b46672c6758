import { connectItemsBodySchema } from '@toydesk/contract';
import { parseOrThrow } from '@toydesk/api-kit';
import { connectToToys } from './connect-items.ts';
import { writeContext, type ApiHandlers } from './handler.ts';

export const toyHandlers = {
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
    const ids = await ctx.services.db.transaction((tx) =>
      ctx.services.resources.toy.updateWhere(
        tx,
        { ignore_price: q.value },
        'WHERE (t.id = ANY($1::int[]) OR t.market_hash_name = ANY($2::text[]))',
        [q.id ?? [], q.market_hash_name ?? []],
        writeContext(ctx),
      ),
    );
    return { updated: ids.length };
  },

  'toy-groups.bulk_create_or_update': async (ctx) => {
    const rows: Record<string, unknown>[] = ctx.body;
    const groups = ctx.services.resources.toyGroup;
    const result = await ctx.services.db.transaction((tx) =>
      groups.upsert(tx, rows, { columns: ['name'] }, writeContext(ctx)),
    );
    return { created: result.created, updated: result.updated };
  },

  'steam-inventory.bulk_create_and_update': async (ctx) => {
    const rows: Record<string, unknown>[] = ctx.body;
    const inventory = ctx.services.resources.steamInventory;
    const withClass = rows.map((r) =>
      r.classid_instanceid === undefined && r.classid
        ? { ...r, classid_instanceid: `${String(r.classid)}_${String(r.instanceid ?? '0')}` }
        : r,
    );
    const result = await ctx.services.db.transaction((tx) =>
      inventory.upsert(tx, withClass, { columns: ['steam_account', 'asset_id'] }, writeContext(ctx)),
    );
    return { created: result.created, updated: result.updated };
  },

  'steam-inventory.connect_items': async (ctx) => {
    const body = parseOrThrow(connectItemsBodySchema, ctx.rawBody ?? {});
    return connectToToys(ctx, ctx.services.resources.steamInventory, body.ids);
  },
} satisfies Partial<ApiHandlers>;

function toArray(value: unknown): unknown {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value : [value];
}
