import { crudHandlers } from '../crud-handlers.ts';
import type { ApiHandlers } from '../handler.ts';

/** The handlers of the `transactions.*` routes: the generic CRUD ones. */
export const transactionsHandlers = {
  ...crudHandlers('transactions', (ctx) => ctx.services.resources.transaction),
} satisfies Partial<ApiHandlers>;
