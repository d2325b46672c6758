import { crudHandlers } from '../crud-handlers.ts';
import type { ApiHandlers } from '../handler.ts';

/** The handlers of the `available-ips.*` routes: the generic CRUD ones. */
export const availableIpsHandlers = {
  ...crudHandlers('available-ips', (ctx) => ctx.services.resources.availableIp),
} satisfies Partial<ApiHandlers>;
