import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { ApiError } from './api-error.ts';
import { assertStorableInput, findUnstorableText, MAX_INPUT_DEPTH } from './storable-input.ts';

describe('findUnstorableText', () => {
  it('names the first offending value or key in reading order', () => {
    expect(findUnstorableText({ a: 'ok', b: ['x', 'y\u0000'], c: '\u0000' })).toEqual({
      path: ['b', '1'],
      reason: 'nul',
    });
    expect(findUnstorableText({ ok: 1, ['k\u0000']: 'v' })).toEqual({ path: ['k\u0000'], reason: 'nul' });
    expect(findUnstorableText({ name: 'a\ud800' })).toEqual({
      path: ['name'],
      reason: 'surrogate',
      codePoint: 0xd800,
    });
    expect(findUnstorableText('\u0000')).toEqual({ path: [], reason: 'nul' });
  });

  it('keeps surrogate pairs, numbers, booleans and nulls', () => {
    expect(findUnstorableText({ a: '😀 ★', b: [1, true, null, { c: 'Щ' }] })).toBeNull();
  });

  it('stops at the depth limit without recursion (100,000 levels)', () => {
    let deep: unknown = 'end';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findUnstorableText(deep)).toEqual({ path: Array(MAX_INPUT_DEPTH).fill('0'), reason: 'depth' });
    let ok: unknown = 'end';
    for (let i = 0; i < MAX_INPUT_DEPTH; i += 1) ok = { k: ok };
    expect(findUnstorableText(ok)).toBeNull();
  });

  it('finds a planted NUL wherever it sits in generated JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), fc.string(), (value, text) => {
        const clean = JSON.parse(JSON.stringify(value).replace(/\\u0000/g, '')) as unknown;
        expect(findUnstorableText(clean)?.reason === 'nul').toBe(false);
        expect(findUnstorableText([clean, { [text]: `${text}\u0000` }])?.reason).toBe('nul');
      }),
    );
  });
});

describe('assertStorableInput', () => {
  it('throws a 400 on the field, for params, query and body alike', () => {
    const refused = (part: 'params' | 'query' | 'body', value: unknown) => {
      try {
        assertStorableInput({ params: {}, query: {}, body: undefined, [part]: value });
      } catch (e) {
        return e instanceof ApiError ? { status: e.status, body: e.body } : e;
      }
      return null;
    };
    expect(refused('params', { id: '\u0000' })).toEqual({
      status: 400,
      body: { id: ['Нулевые символы недопустимы. (Null characters are not allowed.)'] },
    });
    expect(refused('query', { search: '\udfff' })).toMatchObject({
      status: 400,
      body: { search: [expect.stringContaining('U+DFFF')] },
    });
    expect(refused('body', { name: 'fine' })).toBeNull();
  });
});
