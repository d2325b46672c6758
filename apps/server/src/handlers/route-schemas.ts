import { API_ROUTES, type ApiRouteId } from '@toydesk/contract';
import type { z } from 'zod';

import { parseOrThrow } from '../http/api-error.ts';

const byId = new Map<string, (typeof API_ROUTES)[number]>(API_ROUTES.map((r) => [r.id, r]));

/** Validates a request part against the contract's schema for that route, answering a 400 on failure. */
export function parseRoutePart(routeId: ApiRouteId, part: 'body' | 'query', value: unknown): unknown {
  const schema = byId.get(routeId)?.[part] as z.ZodType | undefined;
  if (!schema) throw new Error(`Route ${routeId} has no ${part} schema`);
  return parseOrThrow(schema, value ?? (part === 'query' ? {} : undefined));
}
