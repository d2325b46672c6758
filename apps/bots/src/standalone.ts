import pino from 'pino';

import type { BotConfig } from './config.ts';
import type { BotLogger } from './jobs/job-queue.ts';
import type { JobKindDef, LaneDef } from './jobs/job-kind.ts';
import type { BotRole, BotRuntime } from './bot-runtime.ts';
import { standaloneMarkets, startBotRuntime } from './runtime.ts';
import { openRelaxedDatabase } from './jobs/relaxed-commit.ts';
import { ADVISORY_LOCKS, type Database, loadVault, migrate, openPostgresDatabase } from '@toydesk/db';

/**
 * The standalone bot services' and workers' log: JSON lines (pino) on stdout, one object per line with the
 * process name, level and time, as the server's request log. Messages never carry a secret (the jobs log
 * ids and outcomes). Always at info: the start and stop lines say the process is up (TOYDESK_LOG_LEVEL is the
 * request log's).
 */
export function consoleLogger(name: string): BotLogger {
  const log = pino({ name });
  return {
    info: (m) => log.info(m),
    warn: (m) => log.warn(m),
    error: (m) => log.error(m),
  };
}

/**
 * Opens what a bot process needs on its own: the database (migrated, as the server does), the vault (the
 * same TOYDESK_SECRET_KEY as the server), the bot token, the markets transport, the queue.
 */
export async function openStandalone(
  config: BotConfig,
  role: BotRole,
  logger: BotLogger,
  options: {
    db?: Database;
    /** With `db`: the pool of relaxed bookkeeping (the benchmark's, counted); closed with the rest. */
    relaxedDb?: Database;
    extraKinds?: JobKindDef<unknown, BotRuntime>[];
    extraLanes?: LaneDef[];
    workerName?: string;
  } = {},
): Promise<{ runtime: BotRuntime; close: () => Promise<void> }> {
  let db = options.db;
  if (!db) {
    if (!config.databaseUrl) {
      throw new Error(
        'DATABASE_URL is required: the bot services share the PostgreSQL of the server (with the embedded ' +
          'database, `npm start` already runs them inside the server process)',
      );
    }
    db = await openPostgresDatabase(config.databaseUrl, config.jobs.poolSize);
  }
  const opened = db;
  // Workers write the trading ticks' bookkeeping without waiting for the disk (jobs/relaxed-commit.ts), on a
  // small pool of their own; it connects only when a tick runs.
  const relaxed =
    options.relaxedDb ??
    (role === 'worker' && !options.db && config.databaseUrl
      ? await openRelaxedDatabase(config.databaseUrl, Math.max(2, Math.ceil(config.jobs.poolSize / 2)))
      : undefined);
  // Taking turns with every other process starting on this database (see the server's boot).
  const vault = await opened.exclusive(ADVISORY_LOCKS.startUp, async () => {
    await migrate(opened);
    return loadVault(opened, {
      secretKey: config.secretKey,
      oldKeys: config.oldSecretKeys,
      dataDir: config.dataDir,
      allowKeyFile: !config.databaseUrl,
    });
  });
  const markets = standaloneMarkets(db, config);
  const runtime = await startBotRuntime({
    config,
    db,
    vault,
    markets,
    logger,
    role,
    extraKinds: options.extraKinds,
    extraLanes: options.extraLanes,
    workerName: options.workerName,
    relaxedDb: relaxed,
  });
  return {
    runtime,
    close: async () => {
      await runtime.shutdown();
      await markets.http.close();
      await opened.close();
      await relaxed?.close();
    },
  };
}
