import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { checkProxyPath, isIpLiteral, joinUnderBase } from './proxy-path.ts';

describe('proxy path checks', () => {
  it('accepts marketplace paths', () => {
    for (const p of [
      'api/v2/get-money',
      'api/v2/prices/class_instance/RUB.json',
      'api/ProcessOrder/310776/0/1500/',
      'api/MassInfo/1/1/1/1',
    ]) {
      expect(checkProxyPath(p)).toEqual({ ok: true, path: p });
    }
  });

  it('refuses every way out of the base', () => {
    for (const p of [
      '../admin',
      'api/../../x',
      '%2e%2e/x',
      'api%2fv2',
      '..%5c..',
      '//evil.test/x',
      '/etc/passwd',
      'http://evil.test/',
      'user@evil.test',
      'a\\b',
      'api/./x',
      'x%00',
      '%252e%252e/',
      '_control/accounts',
      'api/_control/state',
      '%5Fcontrol/accounts',
    ]) {
      expect(checkProxyPath(p).ok, p).toBe(false);
    }
  });

  it('never lets a checked path leave the base, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (raw) => {
        const checked = checkProxyPath(raw);
        if (!checked.ok) return;
        const joined = joinUnderBase('https://market.csgo.com/', checked.path);
        if (joined) {
          expect(joined.origin).toBe('https://market.csgo.com');
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('recognises IP literals', () => {
    expect(isIpLiteral('127.0.0.1')).toBe(true);
    expect(isIpLiteral('[::1]')).toBe(true);
    expect(isIpLiteral('market.csgo.com')).toBe(false);
  });
});
