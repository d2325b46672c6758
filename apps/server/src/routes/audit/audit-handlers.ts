import { crudHandlers } from '../crud-handlers.ts';
import type { ApiHandlers } from '../handler.ts';

/** The handlers of the `audit.*` routes: the generic CRUD ones. */
export const auditHandlers = {
  ...crudHandlers('audit', (ctx) => ctx.services.resources.audit),
} satisfies Partial<ApiHandlers>;
