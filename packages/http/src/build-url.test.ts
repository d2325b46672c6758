import { describe, expect, it } from 'vitest';

import { buildUrl } from './build-url.ts';

describe('buildUrl', () => {
  it('appends the query to the URL, arrays as repeated keys, skipping null and undefined', () => {
    expect(
      buildUrl('https://m.test/api/v2/items?v=2', {
        id: [1, 2],
        extended: true,
        page: 0,
        name: 'AK-47 | Redline (Field-Tested)',
        skip: null,
        gone: undefined,
      }),
    ).toBe(
      'https://m.test/api/v2/items?v=2&id=1&id=2&extended=true&page=0&name=AK-47+%7C+Redline+%28Field-Tested%29',
    );
  });

  it('refuses a relative URL', () => {
    expect(() => buildUrl('/api/v2/items', undefined)).toThrow(TypeError);
  });
});
