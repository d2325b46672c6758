import { describe, expect, it } from 'vitest';

import { findTypeAheadMatch, nextTypeAhead, TYPE_AHEAD_RESET_MS } from './type-ahead';

describe('select type-ahead (spec section 9)', () => {
  it('adds letters up while keys come within 1000 ms, then starts over', () => {
    expect(TYPE_AHEAD_RESET_MS).toBe(1000);
    let state = nextTypeAhead(undefined, 'D', 0);
    state = nextTypeAhead(state, 'm', 700);
    expect(state.query).toBe('dm');
    state = nextTypeAhead(state, 'a', 1700);
    expect(state.query).toBe('dma');
    state = nextTypeAhead(state, 's', 2701);
    expect(state.query).toBe('s');
  });

  it('finds the first item starting with the query', () => {
    const items = ['tm', 'tm_usd', 'dmarket', 'steam'];
    expect(findTypeAheadMatch(items, 'tm_', (s) => s)).toBe('tm_usd');
    expect(findTypeAheadMatch(items, 'st', (s) => s)).toBe('steam');
    expect(findTypeAheadMatch(items, 'zz', (s) => s)).toBeUndefined();
  });
});
