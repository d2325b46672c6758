import type { FastifyReply, FastifyRequest } from 'fastify';

import { newToken, XSRF_COOKIE, XSRF_HEADER } from './sessions.ts';

/*
 * The anti-forgery double-submit cookie (docs/architecture.md, Security). Its own module so that the login
 * routes and the market proxy use it without importing http/app.ts, which registers them (an import circle).
 */

/** True when the request sends back the XSRF-TOKEN cookie in X-XSRF-TOKEN (or the login form's field). */
export function xsrfMatches(request: FastifyRequest, formToken?: unknown): boolean {
  const cookieToken = request.cookies[XSRF_COOKIE];
  const header = request.headers[XSRF_HEADER];
  const sent = typeof header === 'string' ? header : typeof formToken === 'string' ? formToken : undefined;
  return Boolean(cookieToken && sent && cookieToken.length === sent.length && cookieToken === sent);
}

/**
 * Hands out a new XSRF-TOKEN cookie. `domain` (TOYDESK_XSRF_COOKIE_DOMAIN) lets a console on another host of
 * that domain read it; the session cookie stays this host's.
 */
export function setXsrfCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  domain: string | undefined,
  token = newToken(),
): string {
  reply.setCookie(XSRF_COOKIE, token, {
    path: '/',
    ...(domain ? { domain } : {}),
    sameSite: 'lax',
    secure: request.protocol === 'https',
    httpOnly: false, // the console reads it to send it back in X-XSRF-TOKEN
  });
  return token;
}
