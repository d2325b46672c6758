import { describe, expect, it } from 'vitest';

import { joinListPages } from './join-list-pages';

const id = (row: { id: number }) => row.id;
const rows = (...ids: number[]) => ids.map((n) => ({ id: n }));

describe('joinListPages', () => {
  it('shows the first page until the first chunk is there, then the chunks in order', () => {
    expect(joinListPages(rows(1, 2), [], id)).toEqual(rows(1, 2));
    expect(joinListPages(rows(1, 2), [undefined, rows(5, 6)], id)).toEqual(rows(1, 2));
    expect(joinListPages(rows(1, 2), [rows(1, 2, 3, 4), rows(5, 6)], id)).toEqual(rows(1, 2, 3, 4, 5, 6));
    expect(joinListPages(undefined, [], id)).toEqual([]);
  });

  it('stops at the first chunk not loaded: the rows stay contiguous', () => {
    expect(joinListPages(undefined, [rows(1, 2), undefined, rows(5, 6)], id)).toEqual(rows(1, 2));
  });

  it('keeps a row that shifted into the next chunk only where it came first', () => {
    // Row 3 was the first of chunk 2 when chunk 1 was read; a row deleted meanwhile moved it up.
    expect(joinListPages(undefined, [rows(1, 2, 3), rows(3, 4, 5)], id)).toEqual(rows(1, 2, 3, 4, 5));
  });
});
