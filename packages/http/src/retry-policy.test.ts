import { describe, expect, it } from 'vitest';

import {
  backoffDelayMs,
  DEFAULT_RETRY_POLICY,
  parseRetryAfter,
  retriesFor,
  retryDelayMs,
} from './retry-policy.ts';

describe('retriesFor', () => {
  const policy = DEFAULT_RETRY_POLICY;

  it('gives one retry without a body, none with one, one with an idempotency key', () => {
    expect(retriesFor({ method: 'GET' }, policy)).toBe(1);
    expect(retriesFor({ method: 'DELETE' }, policy)).toBe(1);
    expect(retriesFor({ method: 'POST', json: {} }, policy)).toBe(0);
    expect(retriesFor({ method: 'POST', form: { a: 1 }, idempotencyKey: 'k' }, policy)).toBe(1);
  });

  it('lets the request override the policy', () => {
    expect(retriesFor({ method: 'GET', maxRetries: 0 }, policy)).toBe(0);
    expect(retriesFor({ method: 'POST', maxRetries: 3 }, policy)).toBe(3);
  });
});

describe('backoff', () => {
  it('is full jitter under a doubling ceiling capped at maxDelayMs', () => {
    const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffDelayMs(1, policy, () => 0.999)).toBe(99);
    expect(backoffDelayMs(3, policy, () => 0.5)).toBe(200);
    expect(backoffDelayMs(10, policy, () => 0.999)).toBe(999);
    expect(backoffDelayMs(2, policy, () => 0)).toBe(0);
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('reads delay-seconds and HTTP dates', () => {
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:07 GMT', now)).toBe(7000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it('wins over backoff and is capped at maxDelayMs', () => {
    expect(retryDelayMs(1, '2', DEFAULT_RETRY_POLICY, () => 0, now)).toBe(2000);
    expect(retryDelayMs(1, '3600', DEFAULT_RETRY_POLICY, () => 0, now)).toBe(30_000);
    expect(retryDelayMs(1, null, DEFAULT_RETRY_POLICY, () => 0.5, now)).toBe(250);
  });
});
