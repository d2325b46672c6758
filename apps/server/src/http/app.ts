import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import { API_ROUTES, APP_TOKEN_HEADER, APP_TOKEN_HEADER_KEY } from '@toydesk/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  answerError,
  answerNotFound,
  contentSecurityPolicy,
  contractRouteConfig,
  assertStorableInput,
  forbidden,
  isHealthRoute,
  parseQueryString,
  exposeProcessFigures,
  registerGracefulClose,
  registerHealthRoutes,
  registerMetrics,
  registerRoutes,
  registerSecurityHeaders,
  renderPolicy,
  unauthorized,
} from '@toydesk/api-kit';

import { assertMigrated, type Operator, vaultOperations } from '@toydesk/db';
import { rateLimitUse } from '@toydesk/http';
import { findSession, SESSION_COOKIE, XSRF_COOKIE } from '../auth/sessions.ts';
import { registerLoginRoutes } from '../auth/login-routes.ts';
import { setXsrfCookie, xsrfMatches } from '../auth/xsrf.ts';
import { ALL_HANDLERS } from '../routes/all-handlers.ts';
import { registerLiveRoute } from '../live/live-route.ts';
import { MARKET_PROXY_PREFIX, registerMarketProxy } from '../market-proxy/market-proxy.ts';
import { registerOpenApi } from '../openapi/openapi-routes.ts';
import type { Services } from '../services.ts';
import { registerWebConsole, WEB_CONSOLE_DIST } from './web-console.ts';

declare module 'fastify' {
  interface FastifyRequest {
    operator: Operator | null;
  }
}

/** Bulk uploads (up to 100,000 toys, groups or inventory rows) and every other body, in bytes. */
const ROWS_BODY_LIMIT = 64 * 1024 * 1024;
// 100,000 ids in a bulk update or connect-items are about 0.8 MB.
const OTHER_BODY_LIMIT = 2 * 1024 * 1024;

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** GET endpoints of the spec that change data: they demand the anti-forgery header as well. */
const UNSAFE_GETS = new Set(['history.set_point_status', 'toys.set_ignore_price']);

/**
 * A route set the server's entry point hands it (the bot services of `npm start`, apps/demo): mounted
 * before the server's hooks, so it may answer its own prefix before cookies, sessions and anti-forgery run.
 */
export type AppMount = (app: FastifyInstance, services: Services) => Promise<void>;

export async function buildApp(
  services: Services,
  options: { logger?: boolean; logStream?: NodeJS.WritableStream; mounts?: AppMount[] } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger || options.logStream
        ? {
            level: services.config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            // Bodies are never logged; these paths are cut in case a future log line carries them.
            redact: [
              'req.headers.cookie',
              'req.headers["x-xsrf-token"]',
              `req.headers["${APP_TOKEN_HEADER_KEY}"]`,
              '*.password',
              '*.api_key',
            ],
          }
        : false,
    trustProxy: services.config.trustProxy,
    // Larger bodies only on the routes that take lists of rows (registerRoutes' bodyLimits), and never
    // before the session is known: an anonymous request is refused in onRequest, before its body is read.
    bodyLimit: OTHER_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200, querystringParser: parseQueryString },
    // Slow or idle clients cannot hold connections open for ever.
    requestTimeout: 120_000,
  });
  app.decorateRequest('operator', null);
  registerGracefulClose(app);
  registerHealthRoutes(app, { database: () => assertMigrated(services.db) });
  registerMetrics(app, { token: services.config.metricsToken });
  exposeProcessFigures({ vaultOperations, rateLimitUse });
  // The bot services (/api-node/) of the embedded default, when the launcher mounts them: answered before
  // the hooks below run.
  for (const mount of options.mounts ?? []) await mount(app, services);

  await registerSecurityHeaders(app, {
    extraOrigins: services.config.cspExtraOrigins,
    formTargets: services.config.consoleOrigins,
  });
  await app.register(cookie);
  await app.register(formbody);
  if (services.config.consoleOrigins.length > 0) {
    await app.register(cors, {
      origin: services.config.consoleOrigins,
      credentials: true,
      allowedHeaders: ['Content-Type', 'X-XSRF-TOKEN', APP_TOKEN_HEADER, 'X-Market'],
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    });
  }

  app.setErrorHandler(answerError);
  app.setNotFoundHandler(answerNotFound);

  // Anti-forgery: a GET hands out the cookie; an unsafe method must echo it in X-XSRF-TOKEN.
  app.addHook('onRequest', async (request, reply) => {
    if (isHealthRoute(request.routeOptions.config)) return;
    if (!request.cookies[XSRF_COOKIE]) setXsrfCookie(reply, request, services.config.xsrfCookieDomain);
    request.operator = await findSession(services.db, request.cookies[SESSION_COOKIE]);
    // Before the body is read: 16 anonymous 61.6 MB bodies used to be parsed in full before this answer.
    const route = contractRouteConfig(request.routeOptions.config);
    const needsOperator = route ? !route.public : request.url.startsWith(MARKET_PROXY_PREFIX);
    if (needsOperator && !request.operator) throw unauthorized();
  });
  app.addHook('preHandler', async (request) => {
    assertStorableInput(request);
    const routeId = (request.routeOptions.config as { routeId?: string } | undefined)?.routeId;
    const unsafe = UNSAFE_METHODS.has(request.method) || (routeId !== undefined && UNSAFE_GETS.has(routeId));
    if (!unsafe) return;
    const formToken = (request.body as Record<string, unknown> | undefined)?.csrfmiddlewaretoken;
    if (!xsrfMatches(request, request.url.startsWith('/admin/') ? formToken : undefined)) {
      throw forbidden(
        'CSRF: нет или неверный заголовок X-XSRF-TOKEN. (CSRF Failed: X-XSRF-TOKEN missing or incorrect.)',
      );
    }
  });

  registerLoginRoutes(app, services);

  registerRoutes(app, {
    routes: API_ROUTES,
    handlers: ALL_HANDLERS,
    label: 'API routes',
    // onRequest above refused a non-public route without an operator.
    extra: (request) => ({ operator: request.operator, services }),
    bodyLimits: { rows: ROWS_BODY_LIMIT, other: OTHER_BODY_LIMIT },
  });
  await registerOpenApi(app);
  registerMarketProxy(app, services, services.markets);
  registerLiveRoute(app, services);

  await registerWebConsole(app, {
    distDir: WEB_CONSOLE_DIST,
    pagePolicy: (scriptHashes) =>
      renderPolicy(contentSecurityPolicy({ extraOrigins: services.config.cspExtraOrigins, scriptHashes })),
  });

  return app;
}
