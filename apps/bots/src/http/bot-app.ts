import cors from '@fastify/cors';
import { BOT_CSV_MAX_ROWS, csvDocument, csvFileName, wantsCsv } from '@toydesk/api-kit';
import {
  APP_TOKEN_HEADER,
  APP_TOKEN_HEADER_KEY,
  BOT_ROUTES,
  type BotRouteId,
  type RouteDef,
} from '@toydesk/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';

import type { BotRuntime } from '../bot-runtime.ts';
import { BOT_HANDLERS } from '../services/all-handlers.ts';
import { appTokenGuard } from './app-token.ts';
import { badRequest, BotError } from './bot-error.ts';
import type { BotHandler, PageHelper } from './handler.ts';
import { useLosslessJsonBodies } from './lossless-json-body.ts';

export const BOT_PREFIX = '/api-node/';
const DEFAULT_PAGE_SIZE = 100;

const toFastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

export interface BotAppOptions {
  /** Embedded mode: the server's logger, so both write one log. */
  loggerInstance?: FastifyBaseLogger;
  logger?: boolean;
  /** Tests: another handler table (the start refuses one that misses a route). */
  handlers?: Partial<Record<BotRouteId, unknown>>;
}

/**
 * The bot services as their own Fastify app: every BOT_ROUTES route, guarded by the app token, with CORS
 * for the configured console origins. `npm run start:bots` listens with it on its own port; the embedded
 * default hands it the /api-node/ requests of the main server (see mount.ts), so both behave the same.
 * Refuses to build when a route has no handler.
 */
export async function buildBotApp(
  runtime: BotRuntime,
  options: BotAppOptions = {},
): Promise<FastifyInstance> {
  const handlers: Partial<Record<BotRouteId, unknown>> = options.handlers ?? BOT_HANDLERS;
  const missing = BOT_ROUTES.filter((route) => typeof handlers[route.id] !== 'function').map(
    (r) => `${r.method} ${r.path}`,
  );
  if (missing.length > 0) throw new Error(`Bot routes without a handler: ${missing.join(', ')}`);

  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : {
          logger: options.logger
            ? {
                level: runtime.config.logLevel,
                redact: [`req.headers["${APP_TOKEN_HEADER_KEY}"]`, 'req.headers.cookie'],
              }
            : false,
        }),
    trustProxy: runtime.config.trustProxy,
    bodyLimit: 16 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    requestTimeout: 120_000,
  });

  useLosslessJsonBodies(app);
  if (runtime.config.consoleOrigins.length > 0) {
    await app.register(cors, {
      origin: runtime.config.consoleOrigins,
      credentials: true,
      allowedHeaders: ['Content-Type', APP_TOKEN_HEADER],
      // PATCH: editing a proxy from a console on another host.
      methods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
    });
  }
  app.addHook(
    'onRequest',
    appTokenGuard(() => runtime.botToken),
  );

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof BotError) return reply.status(error.status).send(error.body);
    const e = error as { code?: string; statusCode?: number; message?: string };
    if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ detail: 'Неподдерживаемый тип данных. (Unsupported media type.)' });
    }
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ detail: 'Слишком большой запрос. (Request too large.)' });
    }
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      return reply.status(400).send({ detail: `Ошибка разбора запроса. (Bad request - ${e.message ?? ''})` });
    }
    request.log.error({ err: error }, 'bot request failed');
    return reply.status(500).send({ detail: 'Ошибка сервера. (Server error.)' });
  });
  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send({ detail: 'Не найдено. (Not found.)' });
  });

  for (const route of BOT_ROUTES) {
    registerRoute(app, route, handlers[route.id] as BotHandler<BotRouteId>, runtime);
  }
  return app;
}

/** A paged list's answer ({count, results: rows}): what ?format=csv turns into a file. */
function isPage(value: unknown): value is { count: number; results: Record<string, unknown>[] } {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { results?: unknown }).results) &&
    typeof (value as { count?: unknown }).count === 'number'
  );
}

function pageHelper(request: FastifyRequest): PageHelper {
  const query = request.query as Record<string, unknown>;
  // ?format=csv: the whole filtered list (up to BOT_CSV_MAX_ROWS) as one page, sent as a file.
  const csv = wantsCsv(query);
  const sizeText = typeof query.page_size === 'string' ? query.page_size : '';
  const size = csv
    ? BOT_CSV_MAX_ROWS
    : /^\d{1,6}$/.test(sizeText) && Number(sizeText) > 0
      ? Number(sizeText)
      : DEFAULT_PAGE_SIZE;
  const pageText = csv ? '1' : typeof query.page === 'string' ? query.page : '1';
  const valid = /^\d{1,9}$/.test(pageText) && Number(pageText) >= 1;
  const number = valid ? Number(pageText) : 1;
  const link = (page: number | null) => {
    if (page === null) return null;
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    if (page === 1) url.searchParams.delete('page');
    else url.searchParams.set('page', String(page));
    return url.toString();
  };
  return {
    number,
    size,
    answer(count, results) {
      const last = Math.max(1, Math.ceil(count / size));
      if (!valid || number > last)
        throw new BotError(404, { detail: 'Неправильная страница. (Invalid page.)' });
      return {
        count,
        next: link(number < last ? number + 1 : null),
        previous: link(number > 1 ? number - 1 : null),
        results,
      };
    },
  };
}

function registerRoute(
  app: FastifyInstance,
  route: RouteDef,
  handler: BotHandler<BotRouteId>,
  runtime: BotRuntime,
) {
  app.route({
    method: route.method,
    url: toFastifyPath(route.path),
    config: { routeId: route.id },
    handler: async (request, reply) => {
      let query: unknown = request.query ?? {};
      if (route.query) {
        const parsed = route.query.safeParse(query);
        if (!parsed.success) throw badRequest(parsed.error);
        query = parsed.data;
      }
      let body: unknown = request.body;
      if (route.body) {
        const parsed = route.body.safeParse(body ?? undefined);
        if (!parsed.success) throw badRequest(parsed.error);
        body = parsed.data;
      }
      reply.status(route.status ?? 200);
      const result = await handler({
        request,
        reply,
        runtime,
        params: (request.params ?? {}) as Record<string, string>,
        query: query as never,
        body: body as never,
        page: pageHelper(request),
      });
      if (reply.sent) return reply;
      if (reply.statusCode === 204) return reply.send();
      if (wantsCsv(request.query) && isPage(result))
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${csvFileName(route.id)}"`)
          .header('cache-control', 'no-store')
          .send(csvDocument(result.results));
      return reply.send(result);
    },
  });
}
