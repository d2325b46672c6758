import { describe, expect, it } from 'vitest';

import { mapInSlices } from './map-in-slices.ts';

describe('mapInSlices', () => {
  it('maps as Array.map does, with the index', async () => {
    expect(await mapInSlices(['a', 'b', 'c'], (item, index) => `${item}${index}`)).toEqual([
      'a0',
      'b1',
      'c2',
    ]);
    expect(await mapInSlices(new Set([1, 2]), (n) => n * 2)).toEqual([2, 4]);
  });

  it('gives the event loop turns on a long list (timers keep firing)', async () => {
    let ticks = 0;
    let running = true;
    const tick = () => {
      ticks += 1;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    const out = await mapInSlices(
      Array.from({ length: 200_000 }, (_, i) => i),
      (n) => JSON.parse(JSON.stringify({ n, name: `AK-47 #${n}` })) as { n: number },
      1,
    );
    running = false;
    expect(out[199_999]).toEqual({ n: 199_999, name: 'AK-47 #199999' });
    // With a plain map no turn came until the last item.
    expect(ticks).toBeGreaterThan(5);
  });

  it('rejects with what the function throws', async () => {
    await expect(
      mapInSlices([1, 2, 3], (n) => {
        if (n === 2) throw new RangeError('two');
        return n;
      }),
    ).rejects.toThrow(RangeError);
  });
});
