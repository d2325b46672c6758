/** Cookie strings as sessions carry them: `name=value`, attributes dropped. */

export function cookieName(cookie: string): string {
  return cookie.split('=')[0]?.trim() ?? '';
}

/** `name=value` of a cookie or Set-Cookie string (attributes after the first `;` dropped). */
export function cookiePair(cookie: string): string {
  return (cookie.split(';')[0] ?? '').trim();
}

export function cookieValue(cookies: readonly string[], name: string): string | null {
  for (const cookie of cookies) {
    const pair = cookiePair(cookie);
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at) === name) return pair.slice(at + 1);
  }
  return null;
}

/** Adds or replaces cookies by name; later ones win. */
export function mergeCookies(base: readonly string[], extra: readonly string[]): string[] {
  const byName = new Map<string, string>();
  for (const cookie of [...base, ...extra]) {
    const pair = cookiePair(cookie);
    if (pair.includes('=')) byName.set(cookieName(pair), pair);
  }
  return [...byName.values()];
}

export function cookieHeader(cookies: readonly string[]): string {
  return cookies
    .map(cookiePair)
    .filter((pair) => pair.includes('='))
    .join('; ');
}

/** The Set-Cookie values of a response, as `name=value` (deleted cookies, with empty values, left out). */
export function setCookiePairs(headers: Headers): string[] {
  const values = typeof headers.getSetCookie === 'function' ? headers.getSetCookie() : [];
  return values.map(cookiePair).filter((pair) => {
    const at = pair.indexOf('=');
    return at > 0 && pair.slice(at + 1) !== '' && pair.slice(at + 1) !== 'deleted';
  });
}
