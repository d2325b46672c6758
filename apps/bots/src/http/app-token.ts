import { hashSecretToken, isHealthRoute } from '@toydesk/api-kit';
import { APP_TOKEN_HEADER_KEY } from '@toydesk/contract';
import { findBotTokenOperator, type Queryable } from '@toydesk/db';
import type { FastifyReply, FastifyRequest } from 'fastify';

const MISSING =
  'Учетные данные не были предоставлены: нужен заголовок X-App-Token. (Authentication credentials were not provided: X-App-Token header required.)';
const WRONG = 'Неверный токен приложения. (Invalid app token.)';

/**
 * The bot services' guard (spec section 6): every call carries the bot_token of the common data in
 * X-App-Token, the token of one operator session (issued at login). It is looked up by its hash among the
 * sessions in the shared database, so a logout or an expired session ends it in every process at once.
 * None: 401; unknown, revoked or expired: 403.
 */
export function appTokenGuard(db: Queryable) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'OPTIONS') return; // CORS preflight carries no credentials
    if (isHealthRoute(request.routeOptions.config)) return; // /healthz, /readyz: orchestrators call them
    const sent = request.headers[APP_TOKEN_HEADER_KEY];
    const value = Array.isArray(sent) ? sent[0] : sent;
    if (value === undefined || value === '') {
      return reply.status(401).send({ detail: MISSING });
    }
    // Tokens are 43 characters; a longer one is no token and needs no lookup.
    if (value.length > 200 || !(await findBotTokenOperator(db, hashSecretToken(value)))) {
      return reply.status(403).send({ detail: WRONG });
    }
  };
}
