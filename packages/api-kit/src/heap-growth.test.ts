import { describe, expect, it } from 'vitest';

import { boundHeapGrowth } from './heap-growth.ts';

/** The flags a call would give V8 (the test's own process keeps V8's defaults). */
function flagsGiven(argv: string[], nodeOptions: string): string[] {
  const given: string[] = [];
  boundHeapGrowth(argv, nodeOptions, (flags) => given.push(flags));
  return given;
}

describe('boundHeapGrowth', () => {
  it('leaves a growing factor the process was started with', () => {
    expect(flagsGiven(['--heap-growing-percent=80'], '')).toEqual([]);
    expect(flagsGiven([], '--max-old-space-size=512 --heap-growing-percent=80')).toEqual([]);
  });

  it('sets the factor to 50 % otherwise', () => {
    expect(flagsGiven(['--enable-source-maps'], '--max-old-space-size=512')).toEqual([
      '--heap-growing-percent=50',
    ]);
  });
});
