import type { FastifyReply, FastifyRequest } from 'fastify';

import type { Operator } from '../auth/sessions.ts';
import type { Services } from '../services.ts';

export interface ApiContext {
  request: FastifyRequest;
  reply: FastifyReply;
  query: Record<string, unknown>;
  params: Record<string, string>;
  body: unknown;
  operator: Operator | null;
  services: Services;
}

/** A handler answers a value (sent as JSON with the route's status) or sends the reply itself. */
export type Handler = (ctx: ApiContext) => Promise<unknown>;

export function idParam(ctx: ApiContext): number {
  const raw = ctx.params.id ?? '';
  return /^\d{1,9}$/.test(raw) ? Number(raw) : -1;
}

export const writeContext = (ctx: ApiContext) => ({ operator: ctx.operator?.username ?? null });
