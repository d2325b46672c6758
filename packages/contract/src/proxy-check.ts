import { z } from 'zod';

/**
 * Why a proxy health check failed, as the bot services classify it and the console names it in the
 * operator's language (the raw transport message stays in `error`, for the details):
 *
 * - `timeout`: no answer within the check's timeout;
 * - `refused`: nothing accepts connections at the proxy's host and port;
 * - `auth`: the proxy refused the credentials (HTTP 407, SOCKS5 authentication);
 * - `address`: the proxy's host or IP cannot be reached or resolved (wrong IP, unknown name, no route);
 * - `http_status`: the proxy answered, but with a status saying it could not get through (502, 503, 504);
 * - `network`: the connection broke otherwise (reset, closed);
 * - `not_checked`: the demo does not contact a proxy off this machine.
 */
export const PROXY_CHECK_REASONS = [
  'timeout',
  'refused',
  'auth',
  'address',
  'http_status',
  'network',
  'not_checked',
] as const;
export type ProxyCheckReason = (typeof PROXY_CHECK_REASONS)[number];

/** The result of a `proxy.check` job. `reason` is null when the proxy works (and on older results). */
export const proxyCheckResultSchema = z.object({
  proxy: z.number(),
  status: z.enum(['up', 'down', 'deleted']),
  latency_ms: z.number().nullable(),
  http_status: z.number().nullable(),
  error: z.string().nullable(),
  reason: z.enum(PROXY_CHECK_REASONS).nullable().optional(),
});
export type ProxyCheckResult = z.infer<typeof proxyCheckResultSchema>;
