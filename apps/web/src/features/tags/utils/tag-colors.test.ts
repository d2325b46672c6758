import { describe, expect, it } from 'vitest';

import { isTagColor, isTagNameTaken, TAG_PALETTE } from './tag-colors';

const TAGS = [
  { id: 1, name: 'VIP' },
  { id: 2, name: 'Reserve ' },
];

describe('tag colours and names', () => {
  it('takes #rrggbb only, and every swatch is one', () => {
    expect(isTagColor('#1976d2')).toBe(true);
    expect(isTagColor('#ABCDEF')).toBe(true);
    for (const bad of ['1976d2', '#abc', 'red', '#12345g', '', null]) expect(isTagColor(bad)).toBe(false);
    expect(TAG_PALETTE.every((swatch) => isTagColor(swatch.color))).toBe(true);
    expect(new Set(TAG_PALETTE.map((swatch) => swatch.color)).size).toBe(TAG_PALETTE.length);
  });

  it('finds a taken name in any case and with spaces around it, but not the tag being edited', () => {
    expect(isTagNameTaken('vip', TAGS, null)).toBe(true);
    expect(isTagNameTaken('  RESERVE', TAGS, null)).toBe(true);
    expect(isTagNameTaken('VIP', TAGS, 1)).toBe(false);
    expect(isTagNameTaken('Vip 2', TAGS, null)).toBe(false);
    expect(isTagNameTaken('', TAGS, null)).toBe(false);
    expect(isTagNameTaken(undefined, TAGS, null)).toBe(false);
  });
});
