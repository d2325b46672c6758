const SITE = 'http://toydesk.invalid';
const MAX_LENGTH = 2000;

/**
 * The path to follow after login: only a path on this site, anything else goes to the start page.
 * Browsers drop tabs and newlines inside URLs and read `\` as `/`, so `/\t/evil.example/` is followed as
 * `//evil.example/` (another host): the path is resolved the way a browser would and kept only when it
 * stays on this site, and it is sent back as the resolved form, which also keeps control characters out
 * of the Location header (a newline there was a 500).
 */
export function safeNext(next: unknown, consoleOrigins: readonly string[] = []): string {
  if (typeof next !== 'string' || next.length > MAX_LENGTH) return '/';
  if (!next.startsWith('/')) return consoleUrl(next, consoleOrigins);
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

/**
 * A console served from another host (TOYDESK_CONSOLE_ORIGINS) sends its own absolute address as `next`:
 * kept when its origin is one of them exactly, as the browser will read it, and without control characters.
 */
function consoleUrl(next: string, consoleOrigins: readonly string[]): string {
  if (consoleOrigins.length === 0 || /[\p{Cc}\\]/u.test(next)) return '/';
  let url: URL;
  try {
    url = new URL(next);
  } catch {
    return '/';
  }
  return consoleOrigins.includes(url.origin) && !url.username && !url.password ? url.href : '/';
}
