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
}

/** Answers under these prefixes carry session data, tokens or masked secrets: never stored by a cache. */
const DATA_PREFIXES = ['/api/', '/api-node/', '/admin/'];

/**
 * Security headers on every answer: a Content Security Policy that allows only this origin's scripts (the
 * console and the API reference load no inline script; MUI's emotion and the login page need inline
 * styles), no framing (clickjacking), nosniff, no referrer to other origins; and `Cache-Control: no-store`
 * on API answers unless a route set its own. No `upgrade-insecure-requests`: the embedded default and the
 * loopback deployments speak plain HTTP.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions = {},
): Promise<void> {
  const extra = options.extraOrigins ?? [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...STEAM_IMAGE_ORIGINS, ...extra],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...extra],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
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
