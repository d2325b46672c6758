import type { FastifyInstance } from 'fastify';

import { ensureAdminOperator } from './auth/operators.ts';
import type { Config } from './config.ts';
import { type Database, loadVault, migrate, openDatabase } from '@toydesk/db';
import { loadDemoDataIfEmpty } from './demo/demo-data.ts';
import { startDemoProxies } from './demo/demo-proxies.ts';
import { startDemoSimulators } from './demo/demo-simulators.ts';
import { createMarketServices } from './market-proxy/market-services.ts';
import { loadMarketEndpoints } from '@toydesk/markets';
import type { ProxySimulator } from '@toydesk/simulators/proxy';
import { buildApp } from './http/app.ts';
import { loadBotToken, seedReferenceData } from './reference-data.ts';
import { createResources, type Services } from './services.ts';

export interface Booted {
  app: FastifyInstance;
  services: Services;
  /** Set when an operator was created with a random password, to be printed once. */
  generatedAdmin?: { username: string; password: string };
  /** Demo mode: the proxy simulator serving the demo proxies (closed with the app). */
  demoProxies?: ProxySimulator;
}

/** Everything start-up does, in order; tests call it with their own database. */
export async function boot(
  config: Config,
  options: {
    db?: Database;
    logger?: boolean;
    logStream?: NodeJS.WritableStream;
    log?: (line: string) => void;
  } = {},
): Promise<Booted> {
  const log = options.log ?? (() => undefined);
  const db = options.db ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const applied = await migrate(db);
  if (applied.length) log(`migrations applied: ${applied.join(', ')}`);
  const vault = await loadVault(db, {
    secretKey: config.secretKey,
    dataDir: config.dataDir,
    allowKeyFile: !config.databaseUrl,
  });
  await seedReferenceData(db);
  const admin = await ensureAdminOperator(db, config.adminUser, config.adminPassword);
  const botToken = await loadBotToken(db);
  const services: Services = {
    config,
    db,
    vault,
    resources: createResources(db, vault),
    botToken,
    markets: createMarketServices(db, loadMarketEndpoints(config.env), config.allowIpMarketHosts),
  };
  let simulators: Awaited<ReturnType<typeof startDemoSimulators>> | undefined;
  let proxies: ProxySimulator | undefined;
  if (config.demo) {
    const loaded = await loadDemoDataIfEmpty(services, log);
    if (loaded) log('demo data loaded');
    simulators = await startDemoSimulators(db, vault, config.simPort, log);
    // Before the bot services start (buildApp): their health checks must find the rows already moved.
    proxies = await startDemoProxies(db, vault, log).catch(async (error: unknown) => {
      await simulators?.server.close();
      throw error;
    });
    services.markets = {
      ...createMarketServices(
        db,
        loadMarketEndpoints(config.env, { simulatorBaseUrl: simulators.baseUrl }),
        true,
      ),
      simulatorUrl: simulators.baseUrl,
    };
  }
  const app = await buildApp(services, { logger: options.logger, logStream: options.logStream });
  app.addHook('onClose', async () => {
    await simulators?.server.close();
    await proxies?.close();
    await services.markets.http.close();
    await db.close();
  });
  return {
    app,
    services,
    demoProxies: proxies,
    generatedAdmin: admin?.generatedPassword
      ? { username: admin.username, password: admin.generatedPassword }
      : undefined,
  };
}
