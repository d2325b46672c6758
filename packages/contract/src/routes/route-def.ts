import { z } from 'zod';

import type { EntityDef } from '../entity.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One endpoint of the API: the source of the server's routing, the OpenAPI document and the typed client. */
export interface RouteDef {
  /** Stable name, e.g. "toys.list": the server's handler key and the client's method name. */
  id: string;
  method: HttpMethod;
  /** OpenAPI-style path with {params}; the spec's exact path, trailing slash included or not. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** The entity a generic list filters over; its fields become query filters in the docs. */
  entity?: EntityDef;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType | null;
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
});

export function paginatedSchema(item: z.ZodType) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

export const idsSchema = z.array(z.number().int().positive()).min(1).max(100000);

/** Body of every bulk-update-by-ids endpoint. */
export function bulkUpdateByIdsSchema(entity: EntityDef) {
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
export function crudRoutes(
  tag: string,
  entity: EntityDef,
  base: string,
  ops: CrudOp[] = ALL_CRUD,
  detailSuffix = '/',
): RouteDef[] {
  const detail = `${base}{id}${detailSuffix}`;
  const all: Record<CrudOp, RouteDef> = {
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

export function bulkUpdateByIdsRoute(
  tag: string,
  entity: EntityDef,
  base: string,
  withQuery = false,
): RouteDef {
  return {
    id: `${tag}.bulk_update_by_ids`,
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
  };
}
