import { boot, type BootOptions } from './boot.ts';
import type { Config } from './config.ts';
import { stopOnSignals } from '@toydesk/api-kit';
import pino from 'pino';

/**
 * Boots, prints the operator created on a first start, listens and stops on signals: the whole life of a
 * server process. `npm run start:server` (main.ts) calls it bare; `npm start` (apps/demo) with its demo
 * data, simulators and bot services.
 */
export async function serve(
  config: Config,
  options: Pick<BootOptions, 'prepare' | 'mounts'> & { demo?: boolean } = {},
): Promise<void> {
  const { demo, ...bootOptions } = options;
  // Production (`start:server`) logs JSON lines like its request log; `npm start`'s demo prints plain lines a
  // person reads, the operator's first password among them.
  // At info whatever TOYDESK_LOG_LEVEL says (that is the request log's): these few lines say the process is up.
  const json = demo ? null : pino({ name: 'toydesk-server' });
  const log = json
    ? (line: string) => json.info(line)
    : (line: string) => process.stdout.write(`[toydesk] ${line}\n`);
  // Before anything starts: a signal during the start waits for it, then stops (see stopOnSignals).
  const stopper = stopOnSignals({
    log,
    // Set by a parent that starts the server as its child (the browser tests): their end is ours.
    stdin: process.env.TOYDESK_STOP_WITH_STDIN === '1' ? process.stdin : undefined,
  });
  try {
    log(
      `storage: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}${demo ? ', demo mode' : ''}`,
    );
    const { app, generatedAdmin } = await boot(config, { logger: true, log, ...bootOptions });
    if (generatedAdmin) {
      log('created operator account (this password is printed only once):');
      log(`  username: ${generatedAdmin.username}`);
      log(`  password: ${generatedAdmin.password}`);
    }
    // The bound address, not the configured one: PORT=0 takes a free port (the browser tests' child server).
    const origin = await app.listen({ port: config.port, host: config.host });
    log(`listening on ${origin}/ (login: /admin/login/, API reference: /api/docs/)`);
    stopper.started(() => app.close());
  } catch (error) {
    process.stderr.write(
      `[toydesk] failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  }
}
