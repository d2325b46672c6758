import { describe, expect, it } from 'vitest';

import { IdleBackoff, type Sleeper } from './idle-backoff.ts';

/** A sleeper that records each wait asked for and ends it when told (or when woken). */
function recordingSleeper() {
  const asked: number[] = [];
  const pending: (() => void)[] = [];
  const sleep: Sleeper = (ms, signal) =>
    new Promise<void>((resolve) => {
      asked.push(ms);
      if (signal.aborted) return resolve();
      signal.addEventListener('abort', () => resolve(), { once: true });
      pending.push(resolve);
    });
  const finishAll = () => {
    for (const resolve of pending.splice(0)) resolve();
  };
  return { asked, sleep, finishAll };
}

describe('IdleBackoff', () => {
  it('waits longer after each empty round, up to the cap', async () => {
    const { asked, sleep, finishAll } = recordingSleeper();
    const backoff = new IdleBackoff(1000, 30_000, sleep);
    for (let i = 0; i < 8; i += 1) {
      const round = backoff.idle();
      finishAll();
      expect(await round).toBe(false);
    }
    expect(asked).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('starts over at the base wait after a round with work', async () => {
    const { asked, sleep, finishAll } = recordingSleeper();
    const backoff = new IdleBackoff(500, 8000, sleep);
    for (let i = 0; i < 3; i += 1) {
      const round = backoff.idle();
      finishAll();
      await round;
    }
    backoff.busy();
    const round = backoff.idle();
    finishAll();
    await round;
    expect(asked).toEqual([500, 1000, 2000, 500]);
  });

  it('ends a wait at once when woken, and the next empty round waits the base again', async () => {
    const { asked, sleep, finishAll } = recordingSleeper();
    const backoff = new IdleBackoff(1000, 60_000, sleep);
    for (let i = 0; i < 6; i += 1) {
      const round = backoff.idle();
      finishAll();
      await round;
    }
    const long = backoff.idle();
    // Work arrives during the longest wait: it ends now, not after the 60 s.
    backoff.wake();
    expect(await long).toBe(true);
    expect(asked.at(-1)).toBe(60_000);
    expect(backoff.nextWaitMs()).toBe(1000);
  });

  it('a wake while the loop is busy ends its next wait at once (no wake is lost)', async () => {
    const { asked, sleep } = recordingSleeper();
    const backoff = new IdleBackoff(1000, 60_000, sleep);
    backoff.wake();
    expect(await backoff.idle()).toBe(true);
    // It did not sleep at all.
    expect(asked).toEqual([]);
  });

  it('refuses a cap under the base wait', () => {
    expect(() => new IdleBackoff(2000, 1000)).toThrow(/bad waits/);
  });
});
