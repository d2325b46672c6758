import { parseOrThrow } from '@toydesk/api-kit';
import { connectItemsBodySchema } from '@toydesk/contract';
import { connectToToys } from '@toydesk/db';

import { crudHandlers } from '../crud-handlers.ts';
import { writeContext, type ApiHandlers } from '../handler.ts';

/** The handlers of the `steam-inventory.*` routes: the generic CRUD ones and the special endpoints. */
export const steamInventoryHandlers = {
  ...crudHandlers('steam-inventory', (ctx) => ctx.services.resources.steamInventory),

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
    return connectToToys(ctx.services.db, ctx.services.resources.steamInventory, body.ids, writeContext(ctx));
  },
} satisfies Partial<ApiHandlers>;
