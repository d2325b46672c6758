import { loginBodySchema } from '@toydesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, parseOrThrow } from '@toydesk/api-kit';

import type { Services } from '../services.ts';
import { attemptLogin } from './login.ts';
import { renderLoginPage } from './login-page.ts';
import { safeNext } from './safe-next.ts';
import type { Operator } from '@toydesk/db';
import { createSession, deleteSession, SESSION_COOKIE, XSRF_COOKIE } from './sessions.ts';
import { setXsrfCookie } from './xsrf.ts';

/** Sets the session cookie and a fresh anti-forgery token (the token rotates at login). */
export async function startSession(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  operator: Operator,
) {
  const token = await createSession(services.db, operator.id, services.config.sessionDays);
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: services.config.sessionDays * 86400,
  });
  setXsrfCookie(reply, request, services.config.xsrfCookieDomain);
}

export async function endSession(services: Services, request: FastifyRequest, reply: FastifyReply) {
  await deleteSession(services.db, request.cookies[SESSION_COOKIE]);
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The HTML login page and its form post; the JSON login, logout and start-up data live in handlers. */
export function registerLoginRoutes(app: FastifyInstance, services: Services) {
  const page = (
    request: FastifyRequest,
    reply: FastifyReply,
    next: string,
    error?: string,
    username?: string,
    status = 400,
  ) => {
    const xsrf =
      request.cookies[XSRF_COOKIE] ?? setXsrfCookie(reply, request, services.config.xsrfCookieDomain);
    return reply
      .status(error ? status : 200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderLoginPage({ next, xsrf, error, username, demo: services.config.demo }));
  };

  app.get('/admin/login/', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const next = safeNext(query.next, services.config.consoleOrigins);
    if (request.operator) return reply.redirect(next);
    return page(request, reply, next);
  });

  app.post('/admin/login/', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const next = safeNext(form.next, services.config.consoleOrigins);
    const username = typeof form.username === 'string' ? form.username.slice(0, 150) : '';
    const password = typeof form.password === 'string' ? form.password.slice(0, 1024) : '';
    if (!username || !password)
      return page(
        request,
        reply,
        next,
        'Введите имя пользователя и пароль. (Enter a username and password.)',
        username,
      );
    const result = await attemptLogin(services.db, username, password, request.ip);
    if (!result.ok) return page(request, reply, next, result.message, username, result.status);
    await startSession(services, request, reply, result.operator);
    return reply.redirect(next, 302);
  });

  app.get('/admin/logout/', async (request, reply) => {
    await endSession(services, request, reply);
    return reply.redirect('/admin/login/');
  });
}

export async function loginWithJson(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
) {
  const { username, password } = parseOrThrow(loginBodySchema, body ?? {});
  const result = await attemptLogin(services.db, username, password, request.ip);
  if (!result.ok) {
    throw new ApiError(
      result.status,
      result.status === 429 ? { detail: result.message } : { non_field_errors: [result.message] },
    );
  }
  await startSession(services, request, reply, result.operator);
  return { success: true as const, username: result.operator.username };
}
