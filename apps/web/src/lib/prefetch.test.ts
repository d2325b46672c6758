import { describe, expect, it } from 'vitest';

import { createPreloadQueue, MAX_PENDING_PRELOADS, prefetchAllowed } from './prefetch';

const nav = (connection?: object) => ({ connection }) as unknown as Navigator;

describe('route prefetch (spec section 9)', () => {
  it('is skipped on save-data and 2g connections', () => {
    expect(prefetchAllowed(nav())).toBe(true);
    expect(prefetchAllowed(nav({ effectiveType: '4g' }))).toBe(true);
    expect(prefetchAllowed(nav({ saveData: true, effectiveType: '4g' }))).toBe(false);
    expect(prefetchAllowed(nav({ effectiveType: '2g' }))).toBe(false);
    expect(prefetchAllowed(nav({ effectiveType: 'slow-2g' }))).toBe(false);
  });

  it('keeps at most 4 preloads pending and runs each once', async () => {
    expect(MAX_PENDING_PRELOADS).toBe(4);
    const queue = createPreloadQueue(4, () => true);
    const resolvers: Array<() => void> = [];
    let started = 0;
    const preloads = Array.from({ length: 6 }, () => () => {
      started += 1;
      return new Promise<void>((resolve) => resolvers.push(resolve));
    });
    for (const preload of preloads) queue.add(preload);
    queue.add(preloads[0]!);
    expect(started).toBe(4);
    expect(queue.pending()).toBe(4);
    resolvers[0]!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toBe(5);
    expect(queue.pending()).toBe(4);
  });

  it('does nothing when prefetch is not allowed', () => {
    const queue = createPreloadQueue(4, () => false);
    let started = 0;
    queue.add(async () => {
      started += 1;
    });
    expect(started).toBe(0);
  });
});
