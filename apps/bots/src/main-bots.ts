import { boundHeapGrowth, stopOnSignals } from '@toydesk/api-kit';

import { loadBotConfig } from './config.ts';
import { buildBotApp } from './http/bot-app.ts';
import { consoleLogger, openStandalone } from './standalone.ts';

/** `npm run start:bots`: the bot services alone on their own port, on the PostgreSQL of DATABASE_URL. */
const log = consoleLogger('toydesk-bots');
boundHeapGrowth();
// Before anything starts: a signal during the start waits for it, then stops (see stopOnSignals).
const stopper = stopOnSignals({ log: (line) => log.info(line) });
try {
  const config = loadBotConfig();
  const { runtime, close } = await openStandalone(config, 'api', log);
  const app = await buildBotApp(runtime, { logger: true });
  const origin = await app.listen({ port: config.port, host: config.host });
  log.info(`bot services on ${origin}/api-node/ (X-App-Token required; /healthz, /readyz open)`);
  stopper.started(async () => {
    await app.close();
    await close();
  });
} catch (error) {
  log.error(`failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
