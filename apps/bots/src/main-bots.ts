import { loadBotConfig } from './config.ts';
import { buildBotApp } from './http/bot-app.ts';
import { consoleLogger, openStandalone } from './standalone.ts';

/** `npm run start:bots`: the bot services alone on their own port, on the PostgreSQL of DATABASE_URL. */
const log = consoleLogger('toydesk-bots');
try {
  const config = loadBotConfig();
  const { runtime, close } = await openStandalone(config, 'api', log);
  const app = await buildBotApp(runtime, { logger: true });
  await app.listen({ port: config.port, host: config.host });
  log.info(`bot services on http://${config.host}:${config.port}/api-node/ (X-App-Token required)`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app
        .close()
        .then(close)
        .then(() => process.exit(0));
    });
  }
} catch (error) {
  log.error(`failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
