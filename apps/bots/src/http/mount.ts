import { timedByAnotherApp } from '@toydesk/api-kit';
import type { MarketCode } from '@toydesk/contract';
import type { HttpClient, RateLimiter } from '@toydesk/http';
import type { MarketEndpoint } from '@toydesk/markets';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

import { loadBotConfig, withDemoProxyCheck } from '../config.ts';
import type { BotLogger } from '../jobs/job-queue.ts';
import type { BotRuntime } from '../bot-runtime.ts';
import { startBotRuntime } from '../runtime.ts';
import type { Database, Vault } from '@toydesk/db';
import { BOT_PREFIX, buildBotApp } from './bot-app.ts';

/** What the server hands over in the embedded default (its Services fit this shape). */
export interface BotHostServices {
  config: {
    consoleOrigins: string[];
    trustProxy: boolean;
    logLevel: string;
    databaseUrl?: string;
    demo: boolean;
    env: Record<string, string | undefined>;
  };
  db: Database;
  vault: Vault;
  markets: {
    endpoints: Record<MarketCode, MarketEndpoint>;
    http: HttpClient;
    rateLimiter: RateLimiter;
    allowIpLiteralHosts: boolean;
    simulatorUrl?: string;
  };
}

export function fastifyLogger(log: FastifyBaseLogger): BotLogger {
  return {
    info: (message) => log.info(message),
    warn: (message) => log.warn(message),
    error: (message) => log.error(message),
  };
}

/**
 * Mounts the bot services on the main server (the embedded default): /api-node/ requests go, before any
 * of the server's hooks (sessions, anti-forgery), to the bot services' own Fastify app, which guards them
 * with the app token; the job workers and schedules run in this process too. Off with TOYDESK_BOTS_EMBEDDED=0
 * (the default with DATABASE_URL, where `npm run start:bots` and `npm run start:worker` run them).
 * Register it before the server's own hooks.
 */
export async function registerBotServices(
  app: FastifyInstance,
  services: BotHostServices,
): Promise<BotRuntime | null> {
  // Validated even when the mount is off: a bad value stops the start with a message naming it.
  const loaded = loadBotConfig(services.config.env);
  if (!(loaded.embedded ?? !services.config.databaseUrl)) return null;
  const config = {
    ...withDemoProxyCheck(loaded, services.config.demo, services.markets.simulatorUrl),
    consoleOrigins: services.config.consoleOrigins,
    trustProxy: services.config.trustProxy,
    logLevel: services.config.logLevel,
  };
  const runtime = await startBotRuntime({
    config,
    db: services.db,
    vault: services.vault,
    markets: services.markets,
    logger: fastifyLogger(app.log),
    role: 'embedded',
    demo: services.config.demo,
  });
  const bots = await buildBotApp(runtime, { loggerInstance: app.log });
  await bots.ready();
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(BOT_PREFIX)) return;
    // The bot app answers on the raw socket and times it by its own route; the server's hooks stop here.
    timedByAnotherApp(request);
    reply.hijack();
    bots.routing(request.raw, reply.raw);
  });
  // Before the server's onClose hooks close the database.
  app.addHook('preClose', async () => {
    await bots.close();
    await runtime.shutdown(5_000);
  });
  return runtime;
}
