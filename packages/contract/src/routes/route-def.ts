import { z } from 'zod';

import type { EntityDef } from '../entity.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One endpoint of the API: the source of the server's routing, the OpenAPI document and the typed client. */
export interface RouteDef<
  Id extends string = string,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | null = z.ZodType | null,
> {
  /** Stable name, e.g. "toys.list": the server's handler key and the client's method name. */
  id: Id;
  method: HttpMethod;
  /** OpenAPI-style path with {params}; the spec's exact path, trailing slash included or not. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** The entity a generic list filters over; its fields become query filters in the docs. */
  entity?: EntityDef;
  query?: Q;
  body?: B;
  response: R;
  status?: number;
  example?: { query?: Record<string, string | string[]>; body?: unknown; response?: unknown };
  /** Reachable without a session (login). */
  public?: boolean;
}

export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).optional(),
  page_size: z.coerce.number().int().min(1).max(999999).optional(),
  ordering: z.string().optional().describe('Comma-separated fields, "-" for descending, e.g. name,-id'),
  search: z.string().optional(),
  format: z
    .enum(['json', 'csv'])
    .optional()
    .describe('csv: every row of the filtered, ordered list as a CSV file (UTF-8 with BOM), pages ignored'),
});

/** Keeps a route's literal id and schema types, so the typed client knows each route's body and reply. */
export function defineRoute<
  const Id extends string,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType | null = null,
>(route: RouteDef<Id, Q, B, R>): RouteDef<Id, Q, B, R> {
  return route;
}

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

export const idsSchema = z.array(z.number().int().positive()).min(1).max(100000);

/** Body of every bulk-update-by-ids endpoint. */
export function bulkUpdateByIdsSchema<E extends EntityDef>(entity: E) {
  return z.object({ ids: idsSchema, fields: entity.patchSchema });
}

export const bulkResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  results: z.array(z.unknown()).optional(),
});

export const updatedCountSchema = z.object({ updated: z.number().int() });

export type CrudOp = 'list' | 'create' | 'retrieve' | 'update' | 'partial_update' | 'destroy';
export const ALL_CRUD: CrudOp[] = ['list', 'create', 'retrieve', 'update', 'partial_update', 'destroy'];

/** The Django-REST-framework router's routes for one resource. */
/** The routes the DRF router makes for one resource, with their types. */
export type CrudRoute<Tag extends string, E extends EntityDef> =
  | RouteDef<
      `${Tag}.list`,
      typeof listQuerySchema,
      undefined,
      ReturnType<typeof paginatedSchema<E['schema']>>
    >
  | RouteDef<`${Tag}.create`, undefined, E['createSchema'], E['schema']>
  | RouteDef<`${Tag}.retrieve`, undefined, undefined, E['schema']>
  | RouteDef<`${Tag}.update`, undefined, E['createSchema'], E['schema']>
  | RouteDef<`${Tag}.partial_update`, undefined, E['patchSchema'], E['schema']>
  | RouteDef<`${Tag}.destroy`, undefined, undefined, null>;

export function crudRoutes<const Tag extends string, E extends EntityDef>(
  tag: Tag,
  entity: E,
  base: string,
  ops: CrudOp[] = ALL_CRUD,
  detailSuffix = '/',
): CrudRoute<Tag, E>[] {
  const detail = `${base}{id}${detailSuffix}`;
  const all: Record<CrudOp, CrudRoute<Tag, E>> = {
    list: {
      id: `${tag}.list`,
      method: 'GET',
      path: base,
      tag,
      entity,
      summary: `List ${entity.title.toLowerCase()} records`,
      query: listQuerySchema,
      response: paginatedSchema(entity.schema),
    },
    create: {
      id: `${tag}.create`,
      method: 'POST',
      path: base,
      tag,
      summary: `Create a ${entity.title.toLowerCase()}`,
      body: entity.createSchema,
      response: entity.schema,
      status: 201,
    },
    retrieve: {
      id: `${tag}.retrieve`,
      method: 'GET',
      path: detail,
      tag,
      summary: `Read one ${entity.title.toLowerCase()}`,
      response: entity.schema,
    },
    update: {
      id: `${tag}.update`,
      method: 'PUT',
      path: detail,
      tag,
      summary: `Replace a ${entity.title.toLowerCase()} (every required field)`,
      body: entity.createSchema,
      response: entity.schema,
    },
    partial_update: {
      id: `${tag}.partial_update`,
      method: 'PATCH',
      path: detail,
      tag,
      summary: `Change some fields of a ${entity.title.toLowerCase()}`,
      body: entity.patchSchema,
      response: entity.schema,
    },
    destroy: {
      id: `${tag}.destroy`,
      method: 'DELETE',
      path: detail,
      tag,
      summary: `Delete a ${entity.title.toLowerCase()}`,
      response: null,
      status: 204,
    },
  };
  return ops.map((op) => all[op]);
}

export function bulkUpdateByIdsRoute<const Tag extends string, E extends EntityDef>(
  tag: Tag,
  entity: E,
  base: string,
  withQuery = false,
) {
  return defineRoute({
    id: `${tag}.bulk_update_by_ids` as `${Tag}.bulk_update_by_ids`,
    method: 'POST',
    path: `${base}bulk-update-by-ids/`,
    tag,
    summary: `Set the same fields on many ${entity.title.toLowerCase()} records at once`,
    description:
      'Atomic: every listed id must exist and the fields must be valid, or nothing is written.' +
      (withQuery ? ' The ids may also come from the query string as repeated id keys (id=1&id=2).' : ''),
    body: bulkUpdateByIdsSchema(entity),
    response: z.object({ updated: z.number().int(), results: z.array(entity.schema) }),
    example: { body: { ids: [1, 2], fields: {} } },
  });
}
