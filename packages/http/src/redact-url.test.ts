import { describe, expect, it } from 'vitest';

import { maskSecret, REDACTED_QUERY_KEYS, redactUrl } from './redact-url.ts';

const KEY = 'a1b2c3d4e5f6a7b8c9d03f9a'; // 24 characters, like a tm API key

describe('redactUrl', () => {
  it('masks an API key but keeps its last four characters', () => {
    expect(redactUrl(`https://market.csgo.com/api/v2/get-money?key=${KEY}`)).toBe(
      'https://market.csgo.com/api/v2/get-money?key=••••3f9a',
    );
  });

  it('masks short secrets completely and leaves other keys alone', () => {
    expect(redactUrl('https://m.test/api/v2/money-send/100/x?pay_pass=1234&amount=5&Token=abc')).toBe(
      'https://m.test/api/v2/money-send/100/x?pay_pass=••••&amount=5&Token=••••',
    );
  });

  it('covers every default key, in any case and even when percent-encoded', () => {
    const keys = [...REDACTED_QUERY_KEYS, 'API%5FKEY'];
    // The keys the marketplaces' calls carry secrets in must stay among the defaults.
    expect(keys).toEqual(expect.arrayContaining(['key', 'api_key', 'pay_pass', 'token', 'secret']));
    const url = `https://x.test/?${keys.map((k) => `${k}=hunter2`).join('&')}`;
    expect(redactUrl(url)).not.toContain('hunter2');
  });

  it('masks extra keys and secret values in the path', () => {
    const url = `https://m.test/api/v2/money-send/100/${KEY}?key=${KEY}&custom=xyz`;
    expect(redactUrl(url, ['custom'], [KEY])).toBe(
      'https://m.test/api/v2/money-send/100/••••3f9a?key=••••3f9a&custom=••••',
    );
  });

  it('masks a password in the user-info', () => {
    expect(redactUrl('http://user:pa55@proxy.test:8080/x')).toBe('http://user:••••@proxy.test:8080/x');
  });

  it('leaves URLs without secrets unchanged', () => {
    const url = 'https://m.test/api/v2/items?page=2&ids=1&ids=2';
    expect(redactUrl(url)).toBe(url);
  });
});

describe('maskSecret', () => {
  it('keeps the last four characters only of values of 16 characters or more', () => {
    expect(maskSecret('123456789012345')).toBe('••••');
    expect(maskSecret('1234567890123456')).toBe('••••3456');
  });
});
