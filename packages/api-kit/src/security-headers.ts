import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Steam's image hosts: the console shows item pictures from them (apps/web/src/lib/item-images.ts). */
export const STEAM_IMAGE_ORIGINS = [
  'https://community.cloudflare.steamstatic.com',
  'https://community.akamai.steamstatic.com',
  'https://steamcommunity-a.akamaihd.net',
];

export interface SecurityHeaderOptions {
  /**
   * Origins the pages this app serves may fetch from and show images of besides its own (the bot services
   * and an image CDN on other hosts). Empty for an app that serves no pages.
   */
  extraOrigins?: string[];
  /** `sha256-…` sources of the inline scripts a page may run (the console's start-up script). */
  scriptHashes?: string[];
  /**
   * Origins a form may lead to besides this one: the login form redirects back to a console on another
   * host (TOYDESK_CONSOLE_ORIGINS), and browsers hold form redirects to `form-action` as well.
   */
  formTargets?: string[];
}

/**
 * The Content Security Policy: only this origin's scripts (plus the inline scripts named by hash), MUI's
 * emotion and the login page need inline styles, no plugins, no framing, forms only to this origin. No
 * `upgrade-insecure-requests`: the embedded default and loopback deployments speak plain HTTP.
 */
export function contentSecurityPolicy(options: SecurityHeaderOptions = {}): Record<string, string[]> {
  const extra = options.extraOrigins ?? [];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...(options.scriptHashes ?? []).map((hash) => `'${hash}'`)],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...STEAM_IMAGE_ORIGINS, ...extra],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...extra],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'", ...(options.formTargets ?? [])],
  };
}

/** The policy as a header value. */
export function renderPolicy(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Answers under these prefixes carry session data, tokens or masked secrets: never stored by a cache. */
const DATA_PREFIXES = ['/api/', '/api-node/', '/admin/'];

/**
 * Security headers on every answer: the Content Security Policy above (a page with inline scripts sends
 * its own, with their hashes), no framing (clickjacking), nosniff, no referrer to other origins; and
 * `Cache-Control: no-store` on API answers unless a route set its own.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions = {},
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
    // The console may call the API and the bot services on other hosts (split hosts) with CORS; CORP
    // governs only no-cors loads (images, scripts), which stay same-site.
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onSend', async (request, reply) => {
    if (reply.hasHeader('cache-control')) return;
    if (DATA_PREFIXES.some((prefix) => request.url.startsWith(prefix)))
      reply.header('cache-control', 'no-store');
  });
}
