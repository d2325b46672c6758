import { describe, expect, it } from 'vitest';

import { HttpParseError } from './http-errors.ts';
import { createHttpResponse, SLICED_JSON_MIN_CHARS } from './http-response.ts';

const answer = (text: string | string[]) =>
  createHttpResponse(
    { status: 200, statusText: 'OK', headers: new Headers(), body: typeof text === 'string' ? [text] : text },
    { call: 'test.call', method: 'GET', url: 'http://127.0.0.1/x' },
    1,
  );

describe('HttpResponse.json', () => {
  it('keeps 64-bit ids written as bare numbers exact and money as JSON.parse reads it', () => {
    const body = answer(
      '{"id":12345678901234567891,"asset_id":27438261955683411,"price":12.34,"usd":"0.00","count":3,"big_price":12345678901234567.5}',
    ).json();
    expect(body).toEqual({
      id: '12345678901234567891',
      asset_id: '27438261955683411',
      price: 12.34,
      usd: '0.00',
      count: 3,
      big_price: Number('12345678901234567.5'),
    });
  });

  it('an HTML page is still an HttpParseError', () => {
    expect(() => answer('<html>502 Bad Gateway</html>').json()).toThrow(HttpParseError);
  });
});

describe('HttpResponse from a body in pieces', () => {
  /** Over the sliced-parse threshold, with a 64-bit id written bare, cut in pieces of 100,000 characters. */
  const rows = Array.from({ length: 40_000 }, (_, i) => `{"id":${76561198000000000n + BigInt(i)},"p":${i}}`);
  const whole = `[${rows.join(',')}]`;
  const pieces = Array.from({ length: Math.ceil(whole.length / 100_000) }, (_, i) =>
    whole.slice(i * 100_000, (i + 1) * 100_000),
  );

  it('gives the joined text, and jsonAsync() the same value as json()', async () => {
    expect(whole.length).toBeGreaterThan(SLICED_JSON_MIN_CHARS);
    const response = answer(pieces);
    const value = await response.jsonAsync<{ id: string }[]>();
    expect(value).toStrictEqual(answer(whole).json());
    expect(value[39_999]!.id).toBe('76561198000039999');
    expect(response.text).toBe(whole);
  });

  it('a large body that is not JSON: the same HttpParseError, its first 200 characters kept', async () => {
    const broken = [...pieces.slice(0, -1), `${pieces.at(-1)!.slice(0, -1)}x`];
    const error = await answer(broken)
      .jsonAsync()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpParseError);
    expect((error as HttpParseError).message).toContain('(body is not JSON)');
    expect((error as HttpParseError).bodyText).toBe(whole.slice(0, 200));
    const empty = await answer(['', ' ', '\n'])
      .jsonAsync()
      .catch((e: unknown) => e);
    expect((empty as HttpParseError).message).toContain('(empty body, JSON expected)');
  });
});
