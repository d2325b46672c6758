import { describe, expect, it } from 'vitest';

import { CHUNK_RELOAD_GUARD_MS, claimChunkReload, isChunkLoadError } from './chunk-reload';

describe('chunk-load reload guard (spec sections 8 and 9)', () => {
  it('recognises failed chunk loads of the browsers', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('kaput'))).toBe(false);
  });

  it('reloads a path at most once per 10 s', () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(10_000);
    const now = 1_000_000;
    expect(claimChunkReload('/tags', now)).toBe(true);
    expect(claimChunkReload('/tags', now + 9_999)).toBe(false);
    expect(claimChunkReload('/history/list', now + 1)).toBe(true);
    expect(claimChunkReload('/tags', now + 10_000)).toBe(true);
  });
});
