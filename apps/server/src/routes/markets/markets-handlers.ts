import { crudHandlers } from '../crud-handlers.ts';
import type { ApiHandlers } from '../handler.ts';

/** The handlers of the `markets.*` routes: the generic CRUD ones. */
export const marketsHandlers = {
  ...crudHandlers('markets', (ctx) => ctx.services.resources.market),
} satisfies Partial<ApiHandlers>;
