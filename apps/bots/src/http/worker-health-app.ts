import { registerGracefulClose, registerMetrics } from '@toydesk/api-kit';
import Fastify, { type FastifyInstance } from 'fastify';

import type { BotRuntime } from '../bot-runtime.ts';
import { registerBotHealthRoutes } from './bot-health.ts';
import { exposeBotFigures } from './bot-metrics.ts';

/**
 * What a worker (`npm run start:worker`) serves on TOYDESK_WORKER_PORT: /healthz, /readyz and /metrics only. A worker
 * takes no calls; this port is for the orchestrator and the metrics scraper.
 */
export async function buildWorkerHealthApp(runtime: BotRuntime): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, requestTimeout: 10_000 });
  registerGracefulClose(app);
  registerBotHealthRoutes(app, runtime);
  registerMetrics(app, { token: runtime.config.metricsToken });
  exposeBotFigures(runtime);
  await app.ready();
  return app;
}
