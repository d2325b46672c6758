import type { RouteDef } from '@toydesk/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/** A route part's value once checked against its schema; a route without the schema has none. */
export type Parsed<S extends z.ZodType | undefined> = [S] extends [undefined]
  ? Record<string, never>
  : z.output<NonNullable<S>>;

/**
 * What every handler gets, whatever its route: the request as it came. A handler written once for several
 * routes (the generic CRUD handlers) takes only this plus the app's part, so it fits every route's slot.
 */
export interface RequestParts {
  request: FastifyRequest;
  reply: FastifyReply;
  /** Path parameters as text; a handler turns an id into a number itself (a bad one answers 404). */
  params: Record<string, string>;
  /** The query string as parsed, before any schema (the list filters are not in the route's schema). */
  rawQuery: Record<string, unknown>;
  /** The body as parsed from JSON or a form, before any schema. */
  rawBody: unknown;
}

/**
 * The route's own input, typed from the contract's schemas. Each part is validated when the handler first
 * reads it (a 400 with DRF field errors if it does not match), not before the handler runs: a handler that
 * looks its object up first answers 404 for an unknown id whatever the body, as Django REST framework does.
 */
export interface RouteInput<R extends RouteDef> {
  route: R;
  readonly query: Parsed<R['query']>;
  readonly body: Parsed<R['body']>;
  /** Validates an adjusted query (single keys made lists) against the route's schema; a 400 if it fails. */
  parseQuery(value: unknown): Parsed<R['query']>;
  /** Validates an adjusted body (an absent one taken as {}) against the route's schema; a 400 if it fails. */
  parseBody(value: unknown): Parsed<R['body']>;
}

/** A handler's context: the request, the route's typed input and the app's own part (services, operator). */
export type RouteContext<R extends RouteDef, Extra> = RequestParts & RouteInput<R> & Extra;

/** A handler answers a value (sent as JSON with the route's status) or sends the reply itself. */
export type RouteHandler<R extends RouteDef, Extra> = (ctx: RouteContext<R, Extra>) => Promise<unknown>;

/** A handler for several routes: it reads only what every route has (no typed query or body). */
export type SharedHandler<Extra> = (ctx: RequestParts & Extra) => Promise<unknown>;

/** One handler per route id of a route table; a missing one is a compile error. */
export type RouteHandlers<Routes extends RouteDef, Extra> = {
  [Id in Routes['id']]: RouteHandler<Extract<Routes, { id: Id }>, Extra>;
};
