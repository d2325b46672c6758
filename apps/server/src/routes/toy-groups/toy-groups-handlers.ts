import { crudHandlers } from '../crud-handlers.ts';
import { writeContext, type ApiHandlers } from '../handler.ts';

/** The handlers of the `toy-groups.*` routes: the generic CRUD ones and the special endpoints. */
export const toyGroupsHandlers = {
  ...crudHandlers('toy-groups', (ctx) => ctx.services.resources.toyGroup),

  'toy-groups.bulk_create_or_update': async (ctx) => {
    const rows: Record<string, unknown>[] = ctx.body;
    const groups = ctx.services.resources.toyGroup;
    const result = await ctx.services.db.transaction((tx) =>
      groups.upsert(tx, rows, { columns: ['name'] }, writeContext(ctx)),
    );
    return { created: result.created, updated: result.updated };
  },
} satisfies Partial<ApiHandlers>;
