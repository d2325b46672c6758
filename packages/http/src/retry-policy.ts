import { carriesBody } from './encode-body.ts';
import type { HttpRequest } from './http-request.ts';

export interface RetryPolicy {
  /** Statuses worth another attempt. */
  statuses: number[];
  /** Retries of a request without a body (or with an idempotency key). */
  retriesWithoutBody: number;
  /** Retries of a request with a body and no idempotency key. */
  retriesWithBody: number;
  /** The first backoff ceiling; it doubles per retry. */
  baseDelayMs: number;
  /** No wait is longer, Retry-After included. */
  maxDelayMs: number;
}

/**
 * Spec section 9: statuses 408, 409, 425, 429, 500, 502, 503, 504; methods without a body retry once,
 * methods with a body never (unless the call carries an idempotency key).
 */
export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  statuses: [408, 409, 425, 429, 500, 502, 503, 504],
  retriesWithoutBody: 1,
  retriesWithBody: 0,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
});

/** How many retries a request gets: its own maxRetries, else the policy's count for its kind. */
export function retriesFor(
  req: Pick<HttpRequest, 'method' | 'json' | 'form' | 'body' | 'idempotencyKey' | 'maxRetries'>,
  policy: RetryPolicy,
): number {
  if (req.maxRetries !== undefined) return Math.max(0, Math.floor(req.maxRetries));
  const unsafe = carriesBody(req) && req.idempotencyKey === undefined;
  return unsafe ? policy.retriesWithBody : policy.retriesWithoutBody;
}

/**
 * Full-jitter exponential backoff (AWS architecture blog, "Exponential Backoff And Jitter"): a uniform wait
 * in [0, min(max, base * 2^(retry-1))), so that processes retrying together spread out instead of
 * hitting the marketplace again in lockstep. `retry` counts from 1.
 */
export function backoffDelayMs(retry: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(random() * ceiling);
}

/**
 * Retry-After (RFC 9110 section 10.2.3) in milliseconds from `now`: delay-seconds or an HTTP date; null
 * when absent or unreadable. A date in the past means "now" (0).
 */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}

/** The wait before the next attempt: the server's Retry-After when it gave one, else backoff; capped. */
export function retryDelayMs(
  retry: number,
  retryAfter: string | null,
  policy: RetryPolicy,
  random: () => number,
  now: number,
): number {
  const asked = parseRetryAfter(retryAfter, now);
  const wait = asked ?? backoffDelayMs(retry, policy, random);
  return Math.min(wait, policy.maxDelayMs);
}
