import {
  createSteamSimulator,
  SteamSimControlClient,
  type SteamSimulatorServer,
} from '@toydesk/simulators/steam';
import { afterAll, beforeAll } from 'vitest';

import { startBotTestApp, type BotTestApp } from './bot-test-app.ts';
import { startMarketSim, type MarketSim } from './market-sim.ts';
import type { SteamSimConfig } from './steam-sim-accounts.ts';

/** A describe block's marketplace simulators and the bot app pointed at them, once its beforeAll has run. */
export interface SimApp {
  readonly sim: MarketSim;
  readonly app: BotTestApp;
  /** The simulated Steam's control API; only for a block that asked for `steam`. */
  readonly steam: SteamSimControlClient;
  /** A catalogue name no earlier call in the block returned (the block asked for `names` of them). */
  freshName(): string;
}

export interface SimAppOptions {
  /** How many catalogue names freshName hands out. */
  names?: number;
  /** Also a simulated Steam with this configuration, the app pointed at it (TOYDESK_STEAM_URL). */
  steam?: SteamSimConfig;
  /** The app's configuration besides the simulators' addresses. */
  env?: Record<string, string>;
}

/**
 * Starts the simulators and a bot test app on them before the block's tests and closes both after them.
 * Hooks run in the order they are registered: a beforeAll the test adds after this call sees both started.
 */
export function useSimApp(options: SimAppOptions = {}): SimApp {
  let sim: MarketSim | undefined;
  let steamSim: SteamSimulatorServer | undefined;
  let steam: SteamSimControlClient | undefined;
  let app: BotTestApp | undefined;
  let names: string[] = [];
  let nextName = 0;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useSimApp: the simulators and the app start in beforeAll');
    return value;
  };
  beforeAll(async () => {
    sim = await startMarketSim();
    const env = { ...sim.env, ...options.env };
    if (options.steam) {
      steamSim = await createSteamSimulator({ config: options.steam });
      const steamBase = await steamSim.listen({ port: 0, host: '127.0.0.1' });
      steam = new SteamSimControlClient(steamBase);
      env.TOYDESK_STEAM_URL = steamBase;
    }
    app = await startBotTestApp({ env });
    names = sim.names(options.names ?? 0);
  });
  afterAll(async () => {
    await app?.close();
    await steamSim?.close();
    await sim?.close();
  });
  return {
    get sim() {
      return started(sim);
    },
    get app() {
      return started(app);
    },
    get steam() {
      return started(steam);
    },
    freshName() {
      const name = names[nextName++];
      if (name === undefined) throw new Error(`useSimApp: only ${names.length} names were asked for`);
      return name;
    },
  };
}
