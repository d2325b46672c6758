import { describe, expect, test } from 'vitest';

import { MemoryRateLimiter } from '@toydesk/http';

import { TmPacedRateLimiter } from './tm-paced-rate-limiter.ts';

describe('TmPacedRateLimiter', () => {
  test('spreads one key evenly, keeps the inner limit, leaves other keys alone', async () => {
    const limiter = new TmPacedRateLimiter({
      inner: new MemoryRateLimiter({ limit: 5, windowMs: 100 }),
      intervalMs: 20,
    });
    const granted: number[] = [];
    const other: number[] = [];
    const start = performance.now();
    await Promise.all([
      ...Array.from({ length: 8 }, () =>
        limiter.acquire('tm:a').then(() => granted.push(performance.now() - start)),
      ),
      limiter.acquire('tm:b').then(() => other.push(performance.now() - start)),
    ]);
    const gaps = granted.slice(1).map((at, i) => at - granted[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(18);
    expect(granted.at(-1)!).toBeGreaterThanOrEqual(7 * 19);
    // Another key waits for nobody: granted before a's second grant (an order, not a time, so load cannot flake it).
    expect(other[0]!).toBeLessThan(granted[1]!);
  });

  test('an aborted waiter does not hold up the next one', async () => {
    const limiter = new TmPacedRateLimiter({
      inner: new MemoryRateLimiter({ limit: 5, windowMs: 1000 }),
      intervalMs: 200,
    });
    await limiter.acquire('k');
    const abort = new AbortController();
    const aborted = limiter.acquire('k', abort.signal);
    abort.abort(new Error('stop'));
    await expect(aborted).rejects.toThrow('stop');
    const started = performance.now();
    await limiter.acquire('k');
    expect(performance.now() - started).toBeLessThan(250);
  });
});
