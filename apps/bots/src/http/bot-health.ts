import { registerHealthRoutes } from '@toydesk/api-kit';
import { assertMigrated } from '@toydesk/db';
import type { FastifyInstance } from 'fastify';

import type { BotRuntime } from '../bot-runtime.ts';

/** /healthz and /readyz of the bot services and the workers: the database, its migrations, the job queue. */
export function registerBotHealthRoutes(app: FastifyInstance, runtime: BotRuntime): void {
  registerHealthRoutes(app, {
    database: () => assertMigrated(runtime.db),
    queue: async () => {
      if (!runtime.queue.running()) throw new Error('stopped');
    },
  });
}
