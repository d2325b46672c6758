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

export function setXsrfCookie(reply: FastifyReply, request: FastifyRequest, token = newToken()): string {
  reply.setCookie(XSRF_COOKIE, token, {
    path: '/',
    sameSite: 'lax',
    secure: request.protocol === 'https',
    httpOnly: false, // the console reads it to send it back in X-XSRF-TOKEN
  });
  return token;
}
