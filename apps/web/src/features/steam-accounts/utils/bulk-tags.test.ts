import { describe, expect, it } from 'vitest';

import { tagUpdateGroups } from './bulk-tags';

const rows = [
  { id: 1, tags: [11] },
  { id: 2, tags: [] },
  { id: 3, tags: [12, 11] },
];

describe('bulk tags', () => {
  it('replaces in one call', () => {
    expect(tagUpdateGroups(rows, 'replace', [13])).toEqual([{ ids: [1, 2, 3], tags: [13] }]);
  });

  it('adds and removes per group of accounts ending with the same tags', () => {
    expect(tagUpdateGroups(rows, 'add', [12])).toEqual([
      { ids: [1, 3], tags: [11, 12] },
      { ids: [2], tags: [12] },
    ]);
    expect(tagUpdateGroups(rows, 'remove', [11])).toEqual([
      { ids: [1, 2], tags: [] },
      { ids: [3], tags: [12] },
    ]);
  });
});
