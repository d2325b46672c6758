import type { z } from 'zod';

import { API_ROUTES } from './api-routes.ts';
import type { HttpMethod, RouteDef } from './route-def.ts';

/** Every route of the API as a type, and the types of its parts, for a typed client. */
export type ApiRoute = (typeof API_ROUTES)[number];
export type ApiRouteId = ApiRoute['id'];
export type ApiRouteOf<Id extends ApiRouteId> = Extract<ApiRoute, { id: Id }>;

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : null;

export type ApiBody<Id extends ApiRouteId> = InputOf<NonNullable<ApiRouteOf<Id>['body']>>;
/** List queries also take any filter (field=value, field__gte=...), so extra keys are allowed. */
export type ApiQuery<Id extends ApiRouteId> = Partial<InputOf<NonNullable<ApiRouteOf<Id>['query']>>> &
  Record<string, string | number | boolean | (string | number)[] | undefined>;
export type ApiResponse<Id extends ApiRouteId> = OutputOf<ApiRouteOf<Id>['response']>;

export const API_ROUTES_BY_ID = Object.fromEntries(API_ROUTES.map((r) => [r.id, r])) as unknown as {
  [Id in ApiRouteId]: ApiRouteOf<Id>;
};

/** Fills {name} path parameters, encoding each value. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

export interface ApiCallOptions<Id extends ApiRouteId> {
  params?: Record<string, string | number>;
  query?: ApiQuery<Id>;
  body?: ApiBody<Id>;
}

/** What a transport gets: the console's request wrapper, a bot's HTTP client, a test client. */
export interface ApiTransportRequest {
  route: RouteDef;
  method: HttpMethod;
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
}

/**
 * A client with one typed call per route id: `api.call('toys.list', { query: { page_size: 999999 } })`.
 * The transport decides how to send (and how failures look), the route table decides where.
 */
export function createApiClient<Result>(
  send: <Id extends ApiRouteId>(request: ApiTransportRequest) => Promise<Result & { data?: ApiResponse<Id> }>,
) {
  return {
    call<Id extends ApiRouteId>(id: Id, options: ApiCallOptions<Id> = {}) {
      const route = API_ROUTES_BY_ID[id] as RouteDef;
      return send<Id>({
        route,
        method: route.method,
        path: fillPath(route.path, options.params),
        query: options.query,
        body: options.body,
      });
    },
  };
}
