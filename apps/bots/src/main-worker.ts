import { boundHeapGrowth, stopOnSignals } from '@toydesk/api-kit';

import { loadBotConfig } from './config.ts';
import { buildWorkerHealthApp } from './http/worker-health-app.ts';
import { consoleLogger, openStandalone } from './standalone.ts';

/**
 * `npm run start:worker`: only job workers (and the schedules) on the PostgreSQL of DATABASE_URL. Start as
 * many as the work needs, on as many machines: they share the queue, and the per-key marketplace limits
 * hold across all of them. /healthz and /readyz answer on TOYDESK_WORKER_PORT.
 */
const log = consoleLogger('toydesk-worker');
boundHeapGrowth();
// Before anything starts: a signal during the start waits for it, then stops (see stopOnSignals).
const stopper = stopOnSignals({ log: (line) => log.info(line) });
try {
  const config = loadBotConfig();
  const { runtime, close } = await openStandalone(config, 'worker', log);
  const health = await buildWorkerHealthApp(runtime);
  const origin = await health.listen({ port: config.workerPort, host: config.host });
  log.info(`worker running: lanes ${runtime.queue.laneNames().join(', ')}; health on ${origin}/healthz`);
  stopper.started(async () => {
    await health.close();
    await close();
  });
} catch (error) {
  log.error(`failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
