import { describe, expect, test } from 'vitest';

import { SimStats } from './sim-stats.ts';

describe('SimStats per second', () => {
  test('counts each key per second of real time and names the seconds over the limit', () => {
    let now = 1_700_000_000_000;
    const stats = new SimStats(() => now);
    for (let i = 0; i < 6; i++) stats.request('k1', 'get-money'); // 6 in one second
    now += 1000;
    for (let i = 0; i < 5; i++) stats.request('k1', 'get-money'); // 5: at the limit, not over
    stats.request('k2', 'get-money');
    stats.request(null, 'get-money'); // a keyless call counts for no key

    const k1 = stats.rateBySecond('k1', 5);
    expect(k1).toEqual({
      limit: 5,
      seconds: 2,
      maxPerSecond: 6,
      secondsOverLimit: 1,
      overLimit: [{ second: '2023-11-14T22:13:20.000Z', requests: 6 }],
    });
    expect(stats.rateBySecond('k2', 5)).toMatchObject({ seconds: 1, maxPerSecond: 1, secondsOverLimit: 0 });
    expect(stats.rateBySecond('unknown', 5)).toMatchObject({
      seconds: 0,
      maxPerSecond: 0,
      secondsOverLimit: 0,
    });
    expect(stats.snapshot().keys.k1?.maxPerSecond).toBe(6);

    stats.reset();
    expect(stats.rateBySecond('k1', 5).seconds).toBe(0);
  });
});
