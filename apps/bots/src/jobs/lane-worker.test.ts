import { describe, expect, it } from 'vitest';

import { IdleBackoff, type Sleeper } from './idle-backoff.ts';
import { LaneWorker } from './lane-worker.ts';

/** Sleeps that end only when woken or told to, recording the waits asked for. */
function controlledSleep() {
  const asked: number[] = [];
  let endCurrent: (() => void) | null = null;
  let onAsk: (() => void) | null = null;
  const sleep: Sleeper = (ms, signal) =>
    new Promise<void>((resolve) => {
      asked.push(ms);
      const done = () => {
        endCurrent = null;
        resolve();
      };
      endCurrent = done;
      signal.addEventListener('abort', done, { once: true });
      if (signal.aborted) done();
      onAsk?.();
    });
  /** Resolves when the loop asks for its next wait (it is idle again). */
  const nextAsk = () =>
    new Promise<void>((resolve) => {
      onAsk = () => {
        onAsk = null;
        resolve();
      };
    });
  return { asked, sleep, nextAsk, endWait: () => endCurrent?.() };
}

function queueOf(initial: number[] = []) {
  const jobs = [...initial];
  const fetches: number[] = [];
  const ran: number[][] = [];
  return {
    jobs,
    fetches,
    ran,
    fetch: async (limit: number) => {
      fetches.push(limit);
      return jobs.splice(0, limit);
    },
    run: async (batch: number[]) => {
      ran.push(batch);
    },
  };
}

describe('LaneWorker', () => {
  it('an empty lane fetches less and less often, up to the cap', async () => {
    const clock = controlledSleep();
    const queue = queueOf();
    const worker = new LaneWorker<number>({
      name: 'lane',
      slots: 8,
      batchSize: 1,
      fetch: queue.fetch,
      run: queue.run,
      backoff: new IdleBackoff(1000, 16_000, clock.sleep),
      onError: (error) => {
        throw error;
      },
    });
    let asked = clock.nextAsk();
    worker.start();
    for (let i = 0; i < 6; i += 1) {
      await asked;
      asked = clock.nextAsk();
      clock.endWait();
    }
    await asked;
    // One fetch per wait, and each wait twice the one before until the cap.
    expect(clock.asked).toEqual([1000, 2000, 4000, 8000, 16_000, 16_000, 16_000]);
    expect(queue.fetches.length).toBe(7);
    await worker.stop(1000);
  });

  it('wakes at once when work is queued, and fetches it in one statement for all free slots', async () => {
    const clock = controlledSleep();
    const queue = queueOf();
    const worker = new LaneWorker<number>({
      name: 'lane',
      slots: 8,
      batchSize: 1,
      fetch: queue.fetch,
      run: queue.run,
      backoff: new IdleBackoff(1000, 60_000, clock.sleep),
      onError: (error) => {
        throw error;
      },
    });
    let asked = clock.nextAsk();
    worker.start();
    for (let i = 0; i < 6; i += 1) {
      await asked;
      asked = clock.nextAsk();
      clock.endWait();
    }
    await asked;
    expect(clock.asked.at(-1)).toBe(60_000);
    const fetchesBefore = queue.fetches.length;
    // Three jobs arrive during the longest wait (an operator's request, a tick queued in this process).
    queue.jobs.push(1, 2, 3);
    asked = clock.nextAsk();
    worker.wake();
    await asked;
    expect(queue.ran).toEqual([[1], [2], [3]]);
    // One fetch took all three (limit: the 8 free slots), without waiting out the 60 s.
    expect(queue.fetches[fetchesBefore]).toBe(8);
    // Back to the base wait after work.
    expect(clock.asked.at(-1)).toBe(1000);
    await worker.stop(1000);
  });

  it('never has more jobs in flight than its slots, and refills a slot as soon as a job ends', async () => {
    const clock = controlledSleep();
    const jobs = Array.from({ length: 10 }, (_, i) => i);
    const fetches: number[] = [];
    const finishers = new Map<number, () => void>();
    let maxInFlight = 0;
    let inFlight = 0;
    const worker = new LaneWorker<number>({
      name: 'lane',
      slots: 4,
      batchSize: 1,
      fetch: async (limit) => {
        fetches.push(limit);
        return jobs.splice(0, limit);
      },
      run: (batch) =>
        new Promise<void>((resolve) => {
          inFlight += 1;
          maxInFlight = Math.max(maxInFlight, inFlight);
          finishers.set(batch[0]!, () => {
            inFlight -= 1;
            resolve();
          });
        }),
      backoff: new IdleBackoff(1000, 60_000, clock.sleep),
      onError: (error) => {
        throw error;
      },
    });
    worker.start();
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    await settle();
    expect([...finishers.keys()]).toEqual([0, 1, 2, 3]);
    finishers.get(1)!();
    await settle();
    await settle();
    expect([...finishers.keys()]).toEqual([0, 1, 2, 3, 4]);
    expect(fetches).toEqual([4, 1]);
    for (let i = 0; i < 10; i += 1) {
      finishers.get(i)?.();
      await settle();
      await settle();
    }
    expect(maxInFlight).toBe(4);
    expect([...finishers.keys()].length).toBe(10);
    await worker.stop(1000);
  });
});
