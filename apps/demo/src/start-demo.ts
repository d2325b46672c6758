import { TRADING_LANES } from '@toydesk/bots';
import { holdQueuedBotJobs, startQueuedBotJobsNow } from '@toydesk/db';
import { loadMarketEndpoints } from '@toydesk/markets';
import { createMarketServices, type Services } from '@toydesk/server';
import { STEAM_PREFIX, type SimulatorServer } from '@toydesk/simulators';
import type { ProxySimulator } from '@toydesk/simulators/proxy';

import { loadDemoDataIfEmpty } from './data/demo-data.ts';
import { loadDemoConfig } from './demo-config.ts';
import { startDemoProxies } from './demo-proxies.ts';
import { startDemoSimulators } from './demo-simulators.ts';
import { createDemoWorldPause, DEMO_PAUSED_HOLD_SECONDS, type DemoWorldPause } from './demo-world-pause.ts';

/** What a demo start leaves running beside the server; closed with the app. */
export interface RunningDemo {
  simulators: { server: SimulatorServer; baseUrl: string };
  /** The proxy simulator serving the demo proxies. */
  proxies: ProxySimulator;
  /**
   * The simulated Steam the bot services use: the simulators' own (whose Community Market is the demo's
   * `steam` marketplace, one world for both), or the one TOYDESK_STEAM_URL names.
   */
  steamUrl: string;
  /** Pauses the simulated world while no operator uses the demo; the server's requests resume it. */
  worldPause?: DemoWorldPause;
  close(): Promise<void>;
}

/**
 * Demo mode, run by the server's boot once its services exist and before its app (and the bot services)
 * is built: the demo data into an empty database, the marketplace simulators with the demo's accounts, the
 * demo proxies on the proxy simulator, the simulated Steam of the simulators (unless TOYDESK_STEAM_URL names
 * another), and the marketplace clients pointed at the simulators.
 */
export async function startDemo(services: Services, log: (line: string) => void): Promise<RunningDemo> {
  const { db, vault, config } = services;
  const demoConfig = loadDemoConfig(config.env);
  const loaded = await loadDemoDataIfEmpty(services, log);
  if (loaded) log('demo data loaded');
  const simulators = await startDemoSimulators(db, vault, demoConfig.simPort, log);
  const started: { close(): Promise<unknown> }[] = [simulators.server];
  const close = async () => {
    for (const server of started) await server.close();
  };
  const steamUrl = demoConfig.steamUrl ?? `${simulators.baseUrl}${STEAM_PREFIX}`;
  log(`simulated Steam on ${steamUrl}`);
  let proxies: ProxySimulator;
  try {
    // Before the bot services start (buildApp): their health checks must find the rows already moved.
    proxies = await startDemoProxies(db, vault, log);
    started.push(proxies);
  } catch (error) {
    await close();
    throw error;
  }
  services.markets = {
    ...createMarketServices(
      db,
      loadMarketEndpoints(config.env, { simulatorBaseUrl: simulators.baseUrl }),
      true,
    ),
    simulatorUrl: simulators.baseUrl,
  };
  if (demoConfig.idlePauseSeconds === 0) return { simulators, proxies, steamUrl, close };
  const idleMs = demoConfig.idlePauseSeconds * 1000;
  // While paused, the loops back off up to DEMO_TRADING_IDLE_MAX_SECONDS: the operator's first request starts
  // their waiting ticks at once, at their usual pace, instead of up to that long later.
  const wakeLoops = () => {
    startQueuedBotJobsNow(db, Object.values(TRADING_LANES)).catch((error: unknown) =>
      log(`could not wake the trading loops: ${error instanceof Error ? error.message : String(error)}`),
    );
  };
  // While paused, nothing a tick reads can change: the queued ticks wait for the resume (an hour at most,
  // pushed again by every check), instead of reading the same simulated market every back-off step.
  const holdLoops = () => {
    holdQueuedBotJobs(db, Object.values(TRADING_LANES), DEMO_PAUSED_HOLD_SECONDS).catch((error: unknown) =>
      log(`could not hold the trading loops: ${error instanceof Error ? error.message : String(error)}`),
    );
  };
  const worldPause = createDemoWorldPause(simulators.server.clock, idleMs, Date.now, wakeLoops, holdLoops);
  // A slow check is enough: pausing late costs a little CPU, resuming happens on the request itself.
  const timer = setInterval(() => worldPause.check(), Math.min(30_000, Math.max(1_000, idleMs / 4)));
  timer.unref();
  log(`the simulated world pauses after ${demoConfig.idlePauseSeconds} s without an operator request`);
  return {
    simulators,
    proxies,
    steamUrl,
    worldPause,
    close: async () => {
      clearInterval(timer);
      await close();
    },
  };
}
