import { describe, expect, it } from 'vitest';

import { boundHeapGrowth } from './heap-growth.ts';

describe('boundHeapGrowth', () => {
  it('leaves a growing factor the process was started with', () => {
    expect(boundHeapGrowth(['--heap-growing-percent=80'], '')).toBe(false);
    expect(boundHeapGrowth([], '--max-old-space-size=512 --heap-growing-percent=80')).toBe(false);
  });

  it('sets the factor otherwise', () => {
    expect(boundHeapGrowth(['--enable-source-maps'], '--max-old-space-size=512')).toBe(true);
  });
});
