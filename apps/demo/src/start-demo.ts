import { loadMarketEndpoints } from '@toydesk/markets';
import { createMarketServices, type Services } from '@toydesk/server';
import type { SimulatorServer } from '@toydesk/simulators';
import type { ProxySimulator } from '@toydesk/simulators/proxy';

import { loadDemoDataIfEmpty } from './data/demo-data.ts';
import { startDemoProxies } from './demo-proxies.ts';
import { startDemoSimulators } from './demo-simulators.ts';

/** What a demo start leaves running beside the server; closed with the app. */
export interface RunningDemo {
  simulators: { server: SimulatorServer; baseUrl: string };
  /** The proxy simulator serving the demo proxies. */
  proxies: ProxySimulator;
  close(): Promise<void>;
}

/**
 * Demo mode, run by the server's boot once its services exist and before its app (and the bot services)
 * is built: the demo data into an empty database, the marketplace simulators with the demo's accounts, the
 * demo proxies on the proxy simulator, and the marketplace clients pointed at the simulators.
 */
export async function startDemo(services: Services, log: (line: string) => void): Promise<RunningDemo> {
  const { db, vault, config } = services;
  const loaded = await loadDemoDataIfEmpty(services, log);
  if (loaded) log('demo data loaded');
  const simulators = await startDemoSimulators(db, vault, config.simPort, log);
  // Before the bot services start (buildApp): their health checks must find the rows already moved.
  const proxies = await startDemoProxies(db, vault, log).catch(async (error: unknown) => {
    await simulators.server.close();
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
  return {
    simulators,
    proxies,
    close: async () => {
      await simulators.server.close();
      await proxies.close();
    },
  };
}
