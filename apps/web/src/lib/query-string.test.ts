import { describe, expect, it } from 'vitest';

import { stringifyQuery, withQuery } from './query-string';

describe('query strings', () => {
  it('repeats keys for arrays and leaves out undefined and null', () => {
    expect(stringifyQuery({ id: [1, 2, 3], market: 'tm', page: undefined, tag: null, all: true })).toBe(
      'id=1&id=2&id=3&market=tm&all=true',
    );
  });

  it('encodes names and values, nests objects in brackets up to depth 5', () => {
    expect(stringifyQuery({ 'a b': 'AK-47 | Redline (FT)' })).toBe('a%20b=AK-47%20%7C%20Redline%20(FT)');
    expect(stringifyQuery({ f: { price: { gte: 1 } } })).toBe('f%5Bprice%5D%5Bgte%5D=1');
    const deep = { a: { b: { c: { d: { e: { f: { g: 1 } } } } } } };
    expect(stringifyQuery(deep)).toBe('');
    expect(stringifyQuery({ at: new Date('2026-01-02T03:04:05Z') })).toBe('at=2026-01-02T03%3A04%3A05.000Z');
  });

  it('appends to a URL that has a query or a hash already', () => {
    expect(withQuery('/api/x/?a=1#top', { b: [2] })).toBe('/api/x/?a=1&b=2#top');
    expect(withQuery('/api/x/', {})).toBe('/api/x/');
  });
});
