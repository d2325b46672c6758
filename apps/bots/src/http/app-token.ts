import { createHash, timingSafeEqual } from 'node:crypto';

import { isHealthRoute } from '@toydesk/api-kit';
import { APP_TOKEN_HEADER_KEY } from '@toydesk/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

const MISSING =
  'Учетные данные не были предоставлены: нужен заголовок X-App-Token. (Authentication credentials were not provided: X-App-Token header required.)';
const WRONG = 'Неверный токен приложения. (Invalid app token.)';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * The bot services' guard (spec section 6): every call carries the bot_token of the common data in
 * X-App-Token. None: 401; a wrong one: 403. Compared in constant time.
 */
export function appTokenGuard(token: () => string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'OPTIONS') return; // CORS preflight carries no credentials
    if (isHealthRoute(request.routeOptions.config)) return; // /healthz, /readyz: orchestrators call them
    const sent = request.headers[APP_TOKEN_HEADER_KEY];
    const value = Array.isArray(sent) ? sent[0] : sent;
    if (value === undefined || value === '') {
      return reply.status(401).send({ detail: MISSING });
    }
    if (!timingSafeEqual(digest(value), digest(token()))) {
      return reply.status(403).send({ detail: WRONG });
    }
  };
}
