import { z } from 'zod';

import type { EntityDef } from '../entity.ts';
import { API_ROUTES } from '../routes/api-routes.ts';
import type { RouteDef } from '../routes/route-def.ts';

type Json = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): Json =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;

const RANGE_KINDS = new Set(['int', 'money', 'rate', 'datetime', 'date', 'id']);

/** The filters a list accepts, as the generic list machinery reads them (see apps/server resources/filters.ts). */
function filterParameters(entity: EntityDef): Json[] {
  const out: Json[] = [];
  for (const [name, def] of Object.entries(entity.fields)) {
    if (def.kind === 'secret' || def.kind === 'json' || def.kind === 'computed') continue;
    const schema: Json = def.values ? { type: 'string', enum: [...def.values] } : { type: 'string' };
    out.push({
      name,
      in: 'query',
      required: false,
      description: `Equals; repeat the key for several values (${name}=a&${name}=b)`,
      schema: { type: 'array', items: schema },
      style: 'form',
      explode: true,
    });
    if (RANGE_KINDS.has(def.kind)) {
      for (const op of ['gte', 'lte', 'gt', 'lt']) {
        out.push({ name: `${name}__${op}`, in: 'query', required: false, schema: { type: 'string' } });
      }
    }
    if (def.optional)
      out.push({ name: `${name}__isnull`, in: 'query', required: false, schema: { type: 'boolean' } });
    if (def.kind === 'text')
      out.push({ name: `${name}__icontains`, in: 'query', required: false, schema: { type: 'string' } });
  }
  return out;
}

function queryParameters(route: RouteDef): Json[] {
  const params: Json[] = [];
  if (route.query) {
    const schema = toSchema(route.query, 'input');
    const props = (schema.properties ?? {}) as Record<string, Json>;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, prop] of Object.entries(props)) {
      params.push({
        name,
        in: 'query',
        required: required.has(name),
        schema: prop,
        description: prop.description,
      });
    }
  }
  if (route.entity) {
    const seen = new Set(params.map((p) => p.name));
    params.push(...filterParameters(route.entity).filter((p) => !seen.has(p.name)));
  }
  return params;
}

const ERROR_400 = {
  description:
    'Invalid input: field errors {"field": ["message"]}, or {"non_field_errors": [...]}; a bulk body names its row: {"3": {"price": ["..."]}}',
  content: { 'application/json': { example: { price: ['Обязательное поле. (This field is required.)'] } } },
};

/** The OpenAPI 3.1 document of every /api endpoint, generated from the contract's route table. */
export function buildOpenApiDocument(options: { serverUrl?: string } = {}): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of API_ROUTES) {
    const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'integer' },
    }));
    const responses: Record<string, Json> = {};
    const status = String(route.status ?? 200);
    responses[status] =
      route.response === null
        ? { description: 'No content' }
        : {
            description: 'Success',
            content: {
              'application/json': {
                schema: toSchema(route.response, 'output'),
                ...(route.example?.response ? { example: route.example.response } : {}),
              },
            },
          };
    if (route.body || route.query || route.entity) responses['400'] = ERROR_400;
    if (!route.public) {
      responses['401'] = { description: 'No session: {"detail": "..."}' };
      responses['403'] = {
        description: 'Missing or wrong X-XSRF-TOKEN on an unsafe call: {"detail": "..."}',
      };
    }
    if (pathParams.length)
      responses['404'] = { description: 'Unknown id: {"detail": "Не найдено. (Not found.)"}' };
    const operation: Json = {
      operationId: route.id,
      tags: [route.tag],
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      parameters: [...pathParams, ...queryParameters(route)],
      responses,
      ...(route.public ? { security: [] } : {}),
    };
    if (route.example?.query) (operation as Json)['x-example-query'] = route.example.query;
    if (route.body) {
      operation.requestBody = {
        required: true,
        content: {
          'application/json': {
            schema: toSchema(route.body, 'input'),
            ...(route.example?.body !== undefined ? { example: route.example.body } : {}),
          },
        },
      };
    }
    const methods = (paths[route.path] ??= {});
    methods[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'toydesk API',
      version: '0.1.0',
      description:
        'Operations console back end. Lists use page-number pagination (page, page_size up to 999999; reply ' +
        '{count, next, previous, results}), ordering=name,-id, filters as query keys (arrays as repeated keys) ' +
        'and search. Money is a decimal string. Secrets are write-only and answered as a mask. Every unsafe call ' +
        'needs the X-XSRF-TOKEN header equal to the XSRF-TOKEN cookie, which any GET hands out.',
    },
    servers: options.serverUrl ? [{ url: options.serverUrl }] : [],
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'toydesk_session' },
        xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
      },
    },
    security: [{ session: [], xsrf: [] }],
    paths,
  };
}
