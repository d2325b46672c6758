import { describe, expect, it } from 'vitest';

import { carriesBody, encodeBody } from './encode-body.ts';

describe('encodeBody', () => {
  it('encodes JSON', () => {
    expect(encodeBody({ json: { a: 1 } })).toEqual({ body: '{"a":1}', contentType: 'application/json' });
  });

  it('encodes a form from an object or from ordered pairs', () => {
    expect(encodeBody({ form: { list: '1,2,3' } }).body).toBe('list=1%2C2%2C3');
    expect(
      encodeBody({
        form: [
          ['list[123]', 4500],
          ['list[7]', 10],
        ],
      }),
    ).toEqual({
      body: 'list%5B123%5D=4500&list%5B7%5D=10',
      contentType: 'application/x-www-form-urlencoded',
    });
  });

  it('passes a raw body through and refuses two kinds at once', () => {
    expect(encodeBody({ body: 'raw' })).toEqual({ body: 'raw', contentType: undefined });
    expect(() => encodeBody({ json: {}, body: 'x' })).toThrow(TypeError);
  });
});

describe('carriesBody', () => {
  it('is true for a body of any kind and for POST, PUT and PATCH', () => {
    expect(carriesBody({ method: 'GET' })).toBe(false);
    expect(carriesBody({ method: 'DELETE' })).toBe(false);
    expect(carriesBody({ method: 'DELETE', json: {} })).toBe(true);
    expect(carriesBody({ method: 'POST' })).toBe(true);
    expect(carriesBody({ method: 'PUT' })).toBe(true);
    expect(carriesBody({ method: 'PATCH' })).toBe(true);
  });
});
