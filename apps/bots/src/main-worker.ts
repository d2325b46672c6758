import { loadBotConfig } from './config.ts';
import { consoleLogger, openStandalone } from './standalone.ts';

/**
 * `npm run start:worker`: only job workers (and the schedules) on the PostgreSQL of DATABASE_URL. Start as
 * many as the work needs, on as many machines: they share the queue, and the per-key marketplace limits
 * hold across all of them.
 */
const log = consoleLogger('toydesk-worker');
try {
  const config = loadBotConfig();
  const { runtime, close } = await openStandalone(config, 'worker', log);
  log.info(`worker running: lanes ${runtime.queue.laneNames().join(', ')}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log.info(`${signal}: finishing running jobs`);
      void close().then(() => process.exit(0));
    });
  }
} catch (error) {
  log.error(`failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
