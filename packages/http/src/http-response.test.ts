import { describe, expect, it } from 'vitest';

import { HttpParseError } from './http-errors.ts';
import { createHttpResponse } from './http-response.ts';

const answer = (text: string) =>
  createHttpResponse(
    { status: 200, statusText: 'OK', headers: new Headers(), text },
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
