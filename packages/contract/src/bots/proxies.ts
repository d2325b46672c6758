import { z } from 'zod';

import { proxyEntity, type ProxyPatch } from '../entities/proxy.ts';
import { defineRoute, paginatedSchema } from '../routes/route-def.ts';
import { jobRoute } from './job-routes.ts';

/** Proxies the bot services reach Steam and the marketplaces through, with their health checks. */

const proxyCheckQuerySchema = z.object({ check: z.enum(['0', '1']).optional() });

/** The fields an operator edits; the health fields (status, latency, last check) are the checks' own. */
const PROXY_EDITABLE = {
  protocol: true,
  host: true,
  port: true,
  username: true,
  password: true,
  comment: true,
} as const;

/**
 * Body of PATCH /api-node/proxy/{id}/: only the fields sent change. The password is write-only: absent or
 * "" keeps the stored one (a form never shows it, so an untouched field must not wipe it), null removes it.
 */
export const botProxyPatchSchema = proxyEntity.patchSchema.pick(PROXY_EDITABLE) as unknown as z.ZodObject &
  z.ZodType<Pick<ProxyPatch, keyof typeof PROXY_EDITABLE>, unknown>;
export type BotProxyPatch = z.infer<typeof botProxyPatchSchema>;

export const botProxyRoutes = [
  defineRoute({
    id: 'bot-proxy.list',
    method: 'GET',
    path: '/api-node/proxy/',
    tag: 'bot-proxy',
    summary: 'Proxies with their health (status, latency_ms, last_checked_at); passwords masked',
    query: z.object({
      page: z.coerce.number().int().min(1).optional(),
      page_size: z.coerce.number().int().min(1).max(999999).optional(),
      status: z.enum(['unknown', 'up', 'down']).optional(),
    }),
    response: paginatedSchema(proxyEntity.schema),
  }),
  defineRoute({
    id: 'bot-proxy.create',
    method: 'POST',
    path: '/api-node/proxy/',
    tag: 'bot-proxy',
    summary: 'Add a proxy (the password is stored encrypted); a health check job starts at once',
    description: 'check=0 skips the immediate health check (the scheduled ones still run).',
    query: proxyCheckQuerySchema,
    body: proxyEntity.createSchema,
    response: proxyEntity.schema,
    status: 201,
  }),
  defineRoute({
    id: 'bot-proxy.partial_update',
    method: 'PATCH',
    path: '/api-node/proxy/{id}/',
    tag: 'bot-proxy',
    summary: 'Edit a proxy: the fields sent change; an absent or empty password keeps the stored one',
    description:
      'password null removes it. Not in the spec (its proxy calls are list, add and delete). A change of ' +
      'protocol, host, port, username or password resets the health to unknown and starts a check ' +
      '(check=0 skips it); a comment alone keeps the health.',
    query: proxyCheckQuerySchema,
    body: botProxyPatchSchema,
    response: proxyEntity.schema,
  }),
  // Before destroy: the route table test walks the routes in order with one proxy.
  jobRoute(
    'bot-proxy.check',
    '/api-node/proxy/{id}/check/',
    'Check one proxy now: 202 with its health check job',
    {
      tag: 'bot-proxy',
    },
  ),
  jobRoute(
    'bot-proxy.check_all',
    '/api-node/proxy/check-all/',
    'Check every proxy now: 202 with the fan-out job',
    {
      tag: 'bot-proxy',
    },
  ),
  defineRoute({
    id: 'bot-proxy.destroy',
    method: 'DELETE',
    path: '/api-node/proxy/{id}/',
    tag: 'bot-proxy',
    summary: 'Delete a proxy (accounts that used it keep no proxy)',
    response: null,
    status: 204,
  }),
];
