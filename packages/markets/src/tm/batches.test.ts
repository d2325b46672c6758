import { describe, expect, test } from 'vitest';

import { inBatches } from './batches.ts';

describe('inBatches', () => {
  test('slices, keeps the order, never more than `concurrency` in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const seen: number[][] = [];
    const out = await inBatches(
      Array.from({ length: 23 }, (_, i) => i),
      5,
      async (batch) => {
        seen.push(batch);
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5 - (batch[0]! % 3)));
        inFlight -= 1;
        return batch.map((n) => n * 2);
      },
      2,
    );
    expect(out).toEqual(Array.from({ length: 23 }, (_, i) => i * 2));
    expect(seen.map((batch) => batch.length).sort()).toEqual([3, 5, 5, 5, 5]);
    expect(most).toBe(2);
    expect(await inBatches([], 5, async () => [1])).toEqual([]);
  });

  test('a failure stops new batches and is thrown', async () => {
    const started: number[] = [];
    const run = inBatches([1, 2, 3, 4, 5, 6], 1, async ([n]) => {
      started.push(n!);
      if (n === 2) throw new Error('batch 2 failed');
      await new Promise((resolve) => setTimeout(resolve, 10));
      return [n];
    });
    await expect(run).rejects.toThrow('batch 2 failed');
    expect(started).toEqual([1, 2, 3]);
  });
});
