import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { safeNext } from './safe-next.ts';

/** Where a browser on https://console.example goes when told to follow `location`. */
const followedHost = (location: string) => new URL(location, 'https://console.example/admin/login/').host;

describe('safeNext', () => {
  it('keeps paths on this site, with their query and fragment', () => {
    expect(safeNext('/history/list')).toBe('/history/list');
    expect(safeNext('/history/list?market=tm&page=2#top')).toBe('/history/list?market=tm&page=2#top');
    expect(safeNext('/steam-account/guard?account=12')).toBe('/steam-account/guard?account=12');
  });

  it('sends every way off the site to the start page', () => {
    for (const next of [
      '//evil.example/x',
      '/\\evil.example/x',
      '/\t/evil.example/',
      '/\n/evil.example/',
      '/\r\n/evil.example/',
      '\t//evil.example/',
      ' //evil.example/',
      'https://evil.example/',
      'javascript:alert(1)',
      '/%09/evil.example/',
    ]) {
      const location = safeNext(next);
      expect(followedHost(location), JSON.stringify(next)).toBe('console.example');
    }
    expect(safeNext('/\t/evil.example/')).toBe('/');
    expect(safeNext(undefined)).toBe('/');
    expect(safeNext(['/x'])).toBe('/');
    expect(safeNext(`/${'a'.repeat(2000)}`)).toBe('/');
  });

  it('never gives a location with a control character or one that leaves the site (generated input)', () => {
    const pieces = fc.constantFrom(
      '/',
      '\\',
      '\t',
      '\n',
      '\r',
      ' ',
      '%09',
      '%2f',
      '%5c',
      'evil.example',
      ':',
      '@',
      '.',
      '?',
      '#',
      'x',
    );
    const crafted = fc.array(pieces, { maxLength: 12 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(crafted, fc.string(), fc.string({ unit: 'binary' })), (next) => {
        const location = safeNext(next);
        expect(location.startsWith('/')).toBe(true);
        expect([...location].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)).toBe(false);
        expect(followedHost(location)).toBe('console.example');
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps an absolute address only on a configured console origin', () => {
    const consoles = ['https://console.example', 'http://console.toydesk.test:8080'];
    expect(safeNext('https://console.example/history/list?x=1#y', consoles)).toBe(
      'https://console.example/history/list?x=1#y',
    );
    expect(safeNext('http://console.toydesk.test:8080/', consoles)).toBe('http://console.toydesk.test:8080/');
    for (const next of [
      'https://console.example.evil.example/',
      'https://console.example@evil.example/',
      'https://user:pw@console.example/',
      'http://console.example/',
      'http://console.toydesk.test:8081/',
      'https://console.example\t/x',
      'https://console.example/\n',
      'javascript:alert(1)',
    ]) {
      expect(safeNext(next, consoles), JSON.stringify(next)).toBe('/');
    }
    // Without console origins nothing absolute is kept.
    expect(safeNext('https://console.example/', [])).toBe('/');
  });
});
