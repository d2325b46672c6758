import type { FastifyInstance } from 'fastify';

import { ensureAdminOperator } from './auth/operators.ts';
import type { Config } from './config.ts';
import {
  ADVISORY_LOCKS,
  createEntityRepositories,
  type Database,
  foldDataVersionParts,
  loadVault,
  migrate,
  openDatabase,
  seedReferenceData,
} from '@toydesk/db';
import { createMarketServices } from './market-proxy/market-services.ts';
import { loadMarketEndpoints } from '@toydesk/markets';
import { buildApp, type AppMount } from './http/app.ts';
import { createAnswerCache } from './http/versioned-answer.ts';
import type { Services } from './services.ts';

export interface Booted {
  app: FastifyInstance;
  services: Services;
  /** Set when an operator was created with a random password, to be printed once. */
  generatedAdmin?: { username: string; password: string };
}

/**
 * What the process that starts the server adds around it (apps/demo's launcher: demo data, simulators, the
 * bot services). The server itself knows none of them, so it imports no other app and no simulator.
 */
export interface BootOptions {
  db?: Database;
  logger?: boolean;
  logStream?: NodeJS.WritableStream;
  log?: (line: string) => void;
  /**
   * Runs once the services exist and before the app is built (the bot services' health checks, mounted by
   * buildApp, must see its changes); it may replace `services.markets`. What it returns is closed with the
   * app, before the markets' transport and the database.
   */
  prepare?: (services: Services, log: (line: string) => void) => Promise<{ close(): Promise<void> } | void>;
  /** Extra route sets mounted before the server's own hooks (buildApp's `mounts`). */
  mounts?: AppMount[];
}

/** How often the server folds the data versions of ended connections (ten minutes). */
const DATA_VERSION_FOLD_MS = 10 * 60 * 1000;

/** Everything start-up does, in order; tests call it with their own database. */
export async function boot(config: Config, options: BootOptions = {}): Promise<Booted> {
  const log = options.log ?? (() => undefined);
  const db = options.db ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  // Servers, bot services and workers started at once on a new database take turns here: two first
  // starts would both create the vault's key check and the first operator.
  const { vault, admin } = await db.exclusive(ADVISORY_LOCKS.startUp, async () => {
    const applied = await migrate(db);
    if (applied.length) log(`migrations applied: ${applied.join(', ')}`);
    const vault = await loadVault(db, {
      secretKey: config.secretKey,
      oldKeys: config.oldSecretKeys,
      dataDir: config.dataDir,
      allowKeyFile: !config.databaseUrl,
    });
    await seedReferenceData(db);
    const admin = await ensureAdminOperator(db, config.adminUser, config.adminPassword);
    return { vault, admin };
  });
  const services: Services = {
    config,
    db,
    vault,
    resources: createEntityRepositories(db, vault),
    answers: createAnswerCache(),
    markets: createMarketServices(db, loadMarketEndpoints(config.env), config.allowIpMarketHosts),
  };
  const prepared = (await options.prepare?.(services, log)) ?? undefined;
  const app = await buildApp(services, {
    logger: options.logger,
    logStream: options.logStream,
    mounts: options.mounts,
  }).catch(async (error: unknown) => {
    await prepared?.close();
    throw error;
  });
  // The data versions' rows of ended connections fold into one per table (migration 024), so the version
  // reads stay small however often the pools reconnect.
  const folding = setInterval(() => {
    foldDataVersionParts(db).catch((error: unknown) => log(`data version fold failed: ${String(error)}`));
  }, DATA_VERSION_FOLD_MS);
  folding.unref();
  app.addHook('onClose', async () => {
    clearInterval(folding);
    await prepared?.close();
    await services.markets.http.close();
    await db.close();
  });
  return {
    app,
    services,
    generatedAdmin: admin?.generatedPassword
      ? { username: admin.username, password: admin.generatedPassword }
      : undefined,
  };
}
