import { describe, expect, it } from 'vitest';

import { MemoryRateLimiter } from './memory-rate-limiter.ts';
import { busiestWindow } from './testing/busiest-window.ts';

/** A limiter on a fake clock that starts at 0 and moves only when the limiter sleeps. */
function onFakeClock(limit: number, windowMs: number) {
  const clock = { now: 0 };
  const limiter = new MemoryRateLimiter({
    limit,
    windowMs,
    now: () => clock.now,
    sleep: async (ms) => void (clock.now += ms),
  });
  return { limiter, clock };
}

describe('MemoryRateLimiter', () => {
  it('hands out at most limit tokens per window on a fake clock, as early as allowed', async () => {
    const { limiter, clock } = onFakeClock(5, 1000);
    const granted: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      await limiter.acquire('tm:a');
      granted.push(clock.now);
    }
    expect(granted).toEqual([0, 0, 0, 0, 0, 1000, 1000, 1000, 1000, 1000, 2000, 2000]);
    expect(busiestWindow(granted, 1000)).toBe(5);
  });

  it('never exceeds its window under concurrent callers on the real clock', async () => {
    const limiter = new MemoryRateLimiter({ limit: 3, windowMs: 150 });
    const granted: number[] = [];
    await Promise.all(
      Array.from({ length: 12 }, async () => {
        await limiter.acquire('k');
        granted.push(Date.now());
      }),
    );
    expect(granted).toHaveLength(12);
    // The limiter grants exactly 150 ms apart by its clock; the times recorded here come a few microtasks
    // later, which a loaded machine can stretch by milliseconds. 20 ms of slack keeps the check meaningful.
    expect(busiestWindow(granted, 130)).toBeLessThanOrEqual(3);
  });

  it('keeps keys apart', async () => {
    const { limiter, clock } = onFakeClock(1, 1000);
    await limiter.acquire('tm:a');
    await limiter.acquire('tm:b');
    expect(clock.now).toBe(0);
    await limiter.acquire('tm:a');
    expect(clock.now).toBe(1000);
  });

  it('serves waiters in order, and an aborted waiter leaves the queue', async () => {
    const limiter = new MemoryRateLimiter({ limit: 1, windowMs: 60 });
    const order: string[] = [];
    await limiter.acquire('k');
    const controller = new AbortController();
    const first = limiter.acquire('k').then(() => order.push('first'));
    const aborted = limiter.acquire('k', controller.signal).then(
      () => order.push('aborted got a token'),
      (error: unknown) => order.push(`aborted: ${(error as Error).message}`),
    );
    const last = limiter.acquire('k').then(() => order.push('last'));
    controller.abort(new Error('gave up'));
    await Promise.all([first, aborted, last]);
    expect(order).toEqual(['aborted: gave up', 'first', 'last']);
  });
});
