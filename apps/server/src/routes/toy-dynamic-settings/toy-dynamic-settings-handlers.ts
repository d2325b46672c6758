import { crudHandlers } from '../crud-handlers.ts';
import { writeContext, type ApiHandlers } from '../handler.ts';

/** The handlers of the `toy-dynamic-settings.*` routes: the generic CRUD ones and the special endpoints. */
export const toyDynamicSettingsHandlers = {
  ...crudHandlers('toy-dynamic-settings', (ctx) => ctx.services.resources.toyDynamicSetting),

  'toy-dynamic-settings.create_or_update': async (ctx) => {
    const body = ctx.body;
    const rows: Record<string, unknown>[] = Array.isArray(body) ? body : [body];
    const settings = ctx.services.resources.toyDynamicSetting;
    return ctx.services.db.transaction(async (tx) => {
      // One row per (toy, market, account, Doppler phase); null account and phase are keys too.
      const normalized = rows.map((r) => ({ market_account: null, phase: null, ...r }));
      const result = await settings.upsert(
        tx,
        normalized,
        { columns: ['toy', 'market', 'market_account', 'phase'] },
        writeContext(ctx),
      );
      return {
        created: result.created,
        updated: result.updated,
        results: await settings.findByIds(tx, result.ids),
      };
    });
  },
} satisfies Partial<ApiHandlers>;
