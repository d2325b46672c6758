/** Navigation targets (spec section 8): script and data URLs never, other sites only when asked for. */

export type NavigationTarget =
  | { kind: 'internal'; path: string }
  | { kind: 'external'; href: string }
  | { kind: 'refused'; reason: string };

export interface NavigationOptions {
  /** The caller means to leave the console: a full page load to another site. */
  external?: boolean;
}

// Browsers ignore control characters and blanks inside a scheme ("java\tscript:"), so the check does too.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0020\u007f-\u009f]/g;
const SCRIPT_SCHEMES = /^(javascript|data|vbscript|file|blob):/i;

export function classifyNavigation(
  to: string,
  options: NavigationOptions = {},
  origin: string = window.location.origin,
): NavigationTarget {
  if (SCRIPT_SCHEMES.test(to.replace(INVISIBLE, '')))
    return { kind: 'refused', reason: 'script or data URL' };
  let url: URL;
  try {
    url = new URL(to.trim(), `${origin}/`);
  } catch {
    return { kind: 'refused', reason: 'not a URL' };
  }
  if (url.origin === origin && (url.protocol === 'http:' || url.protocol === 'https:')) {
    return { kind: 'internal', path: `${url.pathname}${url.search}${url.hash}` };
  }
  return options.external
    ? { kind: 'external', href: url.href }
    : { kind: 'refused', reason: 'external URL' };
}

/**
 * Goes to a target: inside the console through the router, elsewhere by a full page load when the caller
 * said external. Returns false when the target was refused.
 */
export function navigateSafely(
  to: string,
  navigate: (path: string) => void,
  options: NavigationOptions = {},
): boolean {
  const target = classifyNavigation(to, options);
  switch (target.kind) {
    case 'internal':
      navigate(target.path);
      return true;
    case 'external':
      window.location.assign(target.href);
      return true;
    case 'refused':
      console.warn(`[navigation] refused ${to.slice(0, 80)}: ${target.reason}`);
      return false;
  }
}
