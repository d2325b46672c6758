import { describe, expect, it, vi } from 'vitest';

import { classifyNavigation, navigateSafely } from './safe-navigation';

const origin = 'https://console.example';

describe('navigation targets (spec section 8)', () => {
  it('keeps paths of the console inside it', () => {
    expect(classifyNavigation('/history/list?x=1#a', {}, origin)).toEqual({
      kind: 'internal',
      path: '/history/list?x=1#a',
    });
    expect(classifyNavigation('https://console.example/tags', {}, origin)).toEqual({
      kind: 'internal',
      path: '/tags',
    });
  });

  it('refuses other sites without the external flag', () => {
    expect(classifyNavigation('https://evil.example/', {}, origin).kind).toBe('refused');
    expect(classifyNavigation('//evil.example/x', {}, origin).kind).toBe('refused');
    expect(classifyNavigation('https://steamcommunity.com/market/', { external: true }, origin)).toEqual({
      kind: 'external',
      href: 'https://steamcommunity.com/market/',
    });
  });

  it('refuses script and data URLs, even flagged and disguised', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
    ]) {
      expect(classifyNavigation(url, { external: true }, origin).kind).toBe('refused');
    }
  });

  it('navigates, loads another site or refuses', () => {
    const navigate = vi.fn();
    expect(navigateSafely('/tags', navigate)).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/tags');
    expect(navigateSafely('javascript:alert(1)', navigate)).toBe(false);
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});
