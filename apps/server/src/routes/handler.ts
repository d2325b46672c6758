import type { RequestParts, RouteContext, RouteHandlers, SharedHandler } from '@toydesk/api-kit';
import type { ApiRoute, ApiRouteId, ApiRouteOf } from '@toydesk/contract';

import type { Operator } from '@toydesk/db';
import type { Services } from '../services.ts';

/** The server's part of every handler's context (the kit adds the request and the route's input). */
export interface ServerContext {
  operator: Operator | null;
  services: Services;
}

/** The context of one route's handler: its query and body typed from the contract's schemas. */
export type ApiContext<Id extends ApiRouteId = ApiRouteId> = RouteContext<ApiRouteOf<Id>, ServerContext>;

/** A handler written once for several routes (the generic CRUD ones): it reads the request as it came. */
export type Handler = SharedHandler<ServerContext>;
/** What every handler can read, whatever its route. */
export type AnyApiContext = RequestParts & ServerContext;

/** One handler per contract route id; a missing one is a compile error. */
export type ApiHandlers = RouteHandlers<ApiRoute, ServerContext>;

export function idParam(ctx: Pick<RequestParts, 'params'>): number {
  const raw = ctx.params.id ?? '';
  return /^\d{1,9}$/.test(raw) ? Number(raw) : -1;
}

export const writeContext = (ctx: ServerContext) => ({ operator: ctx.operator?.username ?? null });
