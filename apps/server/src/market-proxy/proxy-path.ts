/**
 * The path a console asks the proxy for, checked before it is joined to a configured marketplace base
 * URL: no way out of that base (dot segments, encoded slashes or dots, backslashes, a second scheme or an
 * authority), no host of the caller's choosing. Returns the safe relative path or a reason to refuse.
 */
export function checkProxyPath(raw: string): { ok: true; path: string } | { ok: false; reason: string } {
  if (raw.length === 0 || raw.length > 2000) return { ok: false, reason: 'empty or too long path' };
  if (/%(2e|2f|5c|25|00)/i.test(raw))
    return { ok: false, reason: 'encoded dot, slash, backslash, percent or NUL' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return { ok: false, reason: 'malformed percent-encoding' };
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\\\u0000-\u001f\u007f]/.test(decoded)) return { ok: false, reason: 'control character or backslash' };
  if (decoded.startsWith('/') || decoded.includes('//')) return { ok: false, reason: 'empty path segment' };
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..'))
    return { ok: false, reason: 'dot segment' };
  if (/^[a-z][a-z0-9+.-]*:/i.test(decoded) || decoded.includes('@'))
    return { ok: false, reason: 'scheme or authority in path' };
  // No marketplace's API has a path segment starting with "_"; the demo's simulators keep their control API
  // (every demo key, faults, the clock) under `_control`, which the proxy reached in demo mode.
  if (decoded.split('/').some((segment) => segment.startsWith('_')))
    return { ok: false, reason: 'private path segment' };
  return { ok: true, path: raw };
}

/** Joins a checked path to the base and makes sure the result is still under that base. */
export function joinUnderBase(baseUrl: string, path: string): URL | null {
  const base = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  const target = new URL(path, base);
  if (target.origin !== base.origin || !target.pathname.startsWith(base.pathname)) return null;
  return target;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
/** True for a bare IP address (v4, or v6 in brackets): a marketplace is always reached by its name. */
export function isIpLiteral(host: string): boolean {
  return IPV4.test(host) || host.startsWith('[') || (/^[0-9a-f:]+$/i.test(host) && host.includes(':'));
}
