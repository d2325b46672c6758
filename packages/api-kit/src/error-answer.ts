import type { FastifyReply, FastifyRequest } from 'fastify';

import { ApiError, mapDatabaseError } from './api-error.ts';

/**
 * Fastify's error handler for both apps: an ApiError answers its own status and DRF body, a database
 * integrity error a 400 naming the field, Fastify's own refusals (media type, size, a body that does not
 * parse) their 4xx; anything else is logged and answers a bare 500 (no stack, no SQL to the client).
 */
export function answerError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof ApiError) return reply.status(error.status).send(error.body);
  const mapped = mapDatabaseError(error);
  if (mapped) return reply.status(mapped.status).send(mapped.body);
  const e = error as { code?: string; statusCode?: number; message?: string };
  if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return reply.status(415).send({
      detail: `Неподдерживаемый тип данных "${request.headers['content-type'] ?? ''}". (Unsupported media type.)`,
    });
  }
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return reply.status(413).send({ detail: 'Слишком большой запрос. (Request too large.)' });
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
    return reply.status(400).send({ detail: `Ошибка разбора JSON. (JSON parse error - ${e.message ?? ''})` });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send({ detail: 'Ошибка сервера. (Server error.)' });
}

/** The DRF 404 of a path no route matches. */
export function answerNotFound(_request: FastifyRequest, reply: FastifyReply): void {
  reply.status(404).send({ detail: 'Не найдено. (Not found.)' });
}
