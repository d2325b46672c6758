import type { RouteDef } from '@toydesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

import { parseOrThrow } from './api-error.ts';
import { toFastifyPath } from './fastify-path.ts';
import type { RequestParts, RouteContext, RouteHandler } from './route-context.ts';

export interface RouteRegistration<R extends RouteDef, Extra> {
  /** The contract's route table (API_ROUTES, BOT_ROUTES). */
  routes: readonly R[];
  /** A handler per route id; typed per route by the caller (RouteHandlers), looked up by id here. */
  handlers: Partial<Record<string, unknown>>;
  /** Names the table in the start error that lists routes without a handler ("Bot routes"). */
  label: string;
  /** The app's part of every context (services, operator, page helper); may throw (a 401). */
  extra: (request: FastifyRequest, route: R) => Extra;
  /**
   * Validate the query and body before the handler runs (the bot services: a bad body is a 400 whatever the
   * path). Without it each part is validated when the handler first reads it (DRF's order, the API's).
   */
  validateFirst?: boolean;
  /** Sends a handler's value when the app answers some values its own way (a paged list as CSV). */
  send?: (result: unknown, request: FastifyRequest, reply: FastifyReply, route: R) => unknown;
  /**
   * The largest body a route reads, in bytes: `rows` for a route whose body is a list of rows (the bulk
   * uploads of up to 100,000 toys, groups or inventory items), `other` for the rest. Unset: the app's.
   */
  bodyLimits?: { rows: number; other: number };
}

/** What every route's Fastify config holds: its id and whether it is reachable without a session. */
export interface ContractRouteConfig {
  routeId: string;
  public: boolean;
}

/** The contract route a request matched, if any (an app's own routes and 404s have none). */
export function contractRouteConfig(config: unknown): ContractRouteConfig | null {
  if (typeof config !== 'object' || config === null) return null;
  const { routeId, public: isPublic } = config as Partial<ContractRouteConfig>;
  return typeof routeId === 'string' ? { routeId, public: isPublic === true } : null;
}

/**
 * Whether a body schema is a list of rows: an array, or a union with an array among its options. A list of
 * ids inside an object (connect-items, bulk update by ids: up to 100,000 ids) fits the other limit.
 */
export function takesRows(schema: z.ZodType | undefined): boolean {
  if (schema instanceof z.ZodArray) return true;
  if (schema instanceof z.ZodUnion)
    return (schema.options as z.ZodType[]).some((option) => takesRows(option));
  return false;
}

/**
 * Registers one Fastify route per entry of a route table, each with its handler and a context typed from
 * the route's schemas. Refuses to build when a route has no handler. The reply's status is the route's
 * (`status`, else 200) unless the handler sets another (202 for a job still running).
 */
export function registerRoutes<R extends RouteDef, Extra>(
  app: FastifyInstance,
  registration: RouteRegistration<R, Extra>,
): void {
  const { routes, handlers, label } = registration;
  const missing = routes.filter((route) => typeof handlers[route.id] !== 'function');
  if (missing.length > 0) {
    const list = missing.map((r) => `${r.method} ${r.path}`).join(', ');
    throw new Error(`${label} without a handler: ${list}`);
  }
  for (const route of routes) {
    // Checked just above: every route's entry is a function, of the type the caller's table declares.
    const handler = handlers[route.id] as RouteHandler<R, Extra>;
    app.route({
      method: route.method,
      url: toFastifyPath(route.path),
      config: { routeId: route.id, public: route.public === true } satisfies ContractRouteConfig,
      ...(registration.bodyLimits
        ? {
            bodyLimit: takesRows(route.body) ? registration.bodyLimits.rows : registration.bodyLimits.other,
          }
        : {}),
      handler: async (request, reply) => {
        const ctx = routeContext(route, request, reply, registration.extra(request, route));
        if (registration.validateFirst) {
          // Reading a part validates it: a 400 before the handler runs.
          void ctx.query;
          void ctx.body;
        }
        reply.status(route.status ?? 200);
        const result = await handler(ctx);
        // A handler that streamed its answer returns the reply itself.
        if (result === reply || reply.sent) return reply;
        if (reply.statusCode === 204) return reply.send();
        if (registration.send) return registration.send(result, request, reply, route);
        return reply.send(result);
      },
    });
  }
}

/** Builds a handler's context; the query and body are validated on first read (see RouteInput). */
export function routeContext<R extends RouteDef, Extra>(
  route: R,
  request: FastifyRequest,
  reply: FastifyReply,
  extra: Extra,
): RouteContext<R, Extra> {
  const parts: RequestParts = {
    request,
    reply,
    params: (request.params ?? {}) as Record<string, string>,
    rawQuery: (request.query ?? {}) as Record<string, unknown>,
    rawBody: request.body,
  };
  const parsed: { query?: unknown; body?: unknown } = {};
  const input = {
    route,
    parseQuery: (value: unknown): unknown => (route.query ? parseOrThrow(route.query, value) : {}),
    parseBody: (value: unknown): unknown => (route.body ? parseOrThrow(route.body, value) : {}),
    get query(): unknown {
      if (!('query' in parsed)) parsed.query = input.parseQuery(parts.rawQuery);
      return parsed.query;
    },
    get body(): unknown {
      if (!('body' in parsed)) parsed.body = input.parseBody(parts.rawBody ?? undefined);
      return parsed.body;
    },
  };
  // The parsers return what the route's schemas output, which is what RouteInput<R> declares.
  return Object.assign(input, parts, extra) as unknown as RouteContext<R, Extra>;
}
