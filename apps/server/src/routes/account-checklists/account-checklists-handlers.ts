import { crudHandlers } from '../crud-handlers.ts';
import type { ApiHandlers } from '../handler.ts';

/** The handlers of the `account-checklists.*` routes: the generic CRUD ones. */
export const accountChecklistsHandlers = {
  ...crudHandlers('account-checklists', (ctx) => ctx.services.resources.accountChecklist),
} satisfies Partial<ApiHandlers>;
