import { describe, expect, it } from 'vitest';

import { mapWithLimit } from './concurrency';

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

describe('mapWithLimit', () => {
  it('keeps at most limit tasks in flight and returns the results in order', async () => {
    let running = 0;
    let peak = 0;
    const results = await mapWithLimit([5, 1, 4, 2, 3, 6, 7], 3, async (n, index) => {
      running += 1;
      peak = Math.max(peak, running);
      for (let i = 0; i < n; i += 1) await tick();
      running -= 1;
      return `${index}:${n}`;
    });
    expect(peak).toBe(3);
    expect(results).toEqual(['0:5', '1:1', '2:4', '3:2', '4:3', '5:6', '6:7']);
  });

  it('handles no items and a limit above the item count', async () => {
    expect(await mapWithLimit([], 4, async () => 1)).toEqual([]);
    expect(await mapWithLimit(['a'], 4, async (s) => s.toUpperCase())).toEqual(['A']);
  });
});
