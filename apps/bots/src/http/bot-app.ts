import cors from '@fastify/cors';
import {
  answerError,
  answerNotFound,
  assertStorableInput,
  pageHelper,
  registerGracefulClose,
  registerMetrics,
  registerRoutes,
  registerSecurityHeaders,
  sendJsonOrCsv,
} from '@toydesk/api-kit';
import { APP_TOKEN_HEADER, APP_TOKEN_HEADER_KEY, BOT_ROUTES, type BotRouteId } from '@toydesk/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';

import type { BotRuntime } from '../bot-runtime.ts';
import { BOT_HANDLERS } from '../services/all-handlers.ts';
import { appTokenGuard } from './app-token.ts';
import { registerBotHealthRoutes } from './bot-health.ts';
import { exposeBotFigures } from './bot-metrics.ts';
import type { BotContext } from './handler.ts';
import { useLosslessJsonBodies } from './lossless-json-body.ts';

export const BOT_PREFIX = '/api-node/';
const DEFAULT_PAGE_SIZE = 100;

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
  registerGracefulClose(app);
  registerBotHealthRoutes(app, runtime);
  registerMetrics(app, { token: runtime.config.metricsToken });
  exposeBotFigures(runtime);
  await registerSecurityHeaders(app);
  if (runtime.config.consoleOrigins.length > 0) {
    await app.register(cors, {
      origin: runtime.config.consoleOrigins,
      credentials: true,
      allowedHeaders: ['Content-Type', APP_TOKEN_HEADER],
      // PATCH: editing a proxy from a console on another host.
      methods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
    });
  }
  app.addHook('onRequest', appTokenGuard(runtime.db));

  app.setErrorHandler(answerError);
  app.setNotFoundHandler(answerNotFound);
  // Text the database cannot store is a 400 on its field, before any handler or job sees it.
  app.addHook('preHandler', async (request) => assertStorableInput(request));

  registerRoutes<(typeof BOT_ROUTES)[number], BotContext>(app, {
    routes: BOT_ROUTES,
    handlers: options.handlers ?? BOT_HANDLERS,
    label: 'Bot routes',
    extra: (request) => ({ runtime, page: pageHelper(request, DEFAULT_PAGE_SIZE) }),
    validateFirst: true,
    send: (result, request, reply, route) => sendJsonOrCsv(result, request, reply, route.id),
  });
  return app;
}
