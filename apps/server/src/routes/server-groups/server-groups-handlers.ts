import { crudHandlers } from '../crud-handlers.ts';
import type { ApiHandlers } from '../handler.ts';

/** The handlers of the `server-groups.*` routes: the generic CRUD ones. */
export const serverGroupsHandlers = {
  ...crudHandlers('server-groups', (ctx) => ctx.services.resources.serverGroup),
} satisfies Partial<ApiHandlers>;
