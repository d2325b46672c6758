const SITE = 'http://toydesk.invalid';
const MAX_LENGTH = 2000;

/**
 * The path to follow after login: only a path on this site, anything else goes to the start page.
 * Browsers drop tabs and newlines inside URLs and read `\` as `/`, so `/\t/evil.example/` is followed as
 * `//evil.example/` (another host): the path is resolved the way a browser would and kept only when it
 * stays on this site, and it is sent back as the resolved form, which also keeps control characters out
 * of the Location header (a newline there was a 500).
 */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || next.length > MAX_LENGTH || !next.startsWith('/')) return '/';
  let url: URL;
  try {
    url = new URL(next, SITE);
  } catch {
    return '/';
  }
  if (url.origin !== SITE) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path the URL parser keeps as `//host` would be read by the browser as another host.
  return path.startsWith('//') ? '/' : path;
}
