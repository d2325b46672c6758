import { afterAll, beforeAll } from 'vitest';

import { startBotTestApp, type BotTestApp } from './bot-test-app.ts';
import { startMarketSim, type MarketSim } from './market-sim.ts';

/** A describe block's marketplace simulators and the bot app pointed at them, once its beforeAll has run. */
export interface SimApp {
  readonly sim: MarketSim;
  readonly app: BotTestApp;
  /** A catalogue name no earlier call in the block returned (the block asked for `names` of them). */
  freshName(): string;
}

/**
 * Starts the simulators and a bot test app on them before the block's tests and closes both after them.
 * Hooks run in the order they are registered: a beforeAll the test adds after this call sees both started.
 */
export function useSimApp(options: { names?: number } = {}): SimApp {
  let sim: MarketSim | undefined;
  let app: BotTestApp | undefined;
  let names: string[] = [];
  let nextName = 0;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useSimApp: the simulators and the app start in beforeAll');
    return value;
  };
  beforeAll(async () => {
    sim = await startMarketSim();
    app = await startBotTestApp({ env: sim.env });
    names = sim.names(options.names ?? 0);
  });
  afterAll(async () => {
    await app?.close();
    await sim?.close();
  });
  return {
    get sim() {
      return started(sim);
    },
    get app() {
      return started(app);
    },
    freshName() {
      const name = names[nextName++];
      if (name === undefined) throw new Error(`useSimApp: only ${names.length} names were asked for`);
      return name;
    },
  };
}
