import Fastify, { type FastifyInstance } from 'fastify';

import { BITSKINS_SIMULATOR } from './bitskins/bitskins-simulator.ts';
import { createSimClock, type SimClock } from './clock/sim-clock.ts';
import { CSFLOAT_SIMULATOR } from './csfloat/csfloat-simulator.ts';
import { DMARKET_SIMULATOR } from './dmarket/dmarket-simulator.ts';
import type { KitConfigPatch } from './kit/kit-config.ts';
import type { KitMarketDefinition } from './kit/kit-definition.ts';
import type { KitSimulator } from './kit/kit-simulator.ts';
import { registerKitSimulator } from './kit/register-kit-simulator.ts';
import { LIS_SKINS_SIMULATOR } from './lis-skins/lis-skins-simulator.ts';
import { SKINPORT_SIMULATOR } from './skinport/skinport-simulator.ts';
import type { SteamSimConfigPatch } from './steam/sim-config.ts';
import { registerSteamSimulator, type SteamSimulator } from './steam/steam-simulator.ts';
import type { TmConfigPatch } from './tm/state/config.ts';
import { registerTmSimulator } from './tm/register-tm-simulator.ts';
import type { TmSimulator } from './tm/tm-simulator.ts';
import { WAXPEER_SIMULATOR } from './waxpeer/waxpeer-simulator.ts';

/** The tm-family markets a simulator server mounts, each with its own state. */
export const TM_FAMILY_PREFIXES = { tm: '/tm', cs7: '/cs7', cs7_proxy: '/cs7_proxy' } as const;
export type TmFamilyMarket = keyof typeof TM_FAMILY_PREFIXES;

/** The other marketplaces on the shared kit, at the prefixes of @toydesk/markets' SIMULATOR_PREFIX. */
export const OTHER_MARKET_PREFIXES = {
  dmarket: '/dmarket',
  lis_skins: '/lis_skins',
  bitskins: '/bitskins',
  csfloat: '/csfloat',
  skinport: '/skinport',
  waxpeer: '/waxpeer',
} as const;
export type OtherMarket = keyof typeof OTHER_MARKET_PREFIXES;

export const OTHER_MARKET_DEFINITIONS: Record<OtherMarket, KitMarketDefinition> = {
  dmarket: DMARKET_SIMULATOR,
  lis_skins: LIS_SKINS_SIMULATOR,
  bitskins: BITSKINS_SIMULATOR,
  csfloat: CSFLOAT_SIMULATOR,
  skinport: SKINPORT_SIMULATOR,
  waxpeer: WAXPEER_SIMULATOR,
};

/**
 * The simulated Steam (src/steam/): its Community Market is the `steam` marketplace (SIMULATOR_PREFIX
 * `/steam/community`), and the same world serves the bots' Steam gateway at this prefix.
 */
export const STEAM_PREFIX = '/steam';

export type SimulatorState = Record<TmFamilyMarket, TmSimulator> &
  Record<OtherMarket, KitSimulator> & { steam: SteamSimulator };

export interface SimulatorServerOptions {
  /** Default: real time plus an offset the control API advances. */
  clock?: SimClock;
  /** Seeds the simulated order books (default 730). */
  seed?: number;
  /** Config applied to every tm-family market at creation (each can still be changed via its control API). */
  config?: TmConfigPatch;
  /** Config of the other markets at creation, per market (e.g. `{ waxpeer: { rateLimits: {...} } }`). */
  marketConfig?: Partial<Record<OtherMarket, KitConfigPatch>>;
  /** Config of the simulated Steam at creation (e.g. `{ priceOverviewRateLimit: { max: 1000 } }`). */
  steamConfig?: SteamSimConfigPatch;
  /** Fastify request logging (default off). */
  logger?: boolean;
}

export interface SimulatorServer {
  app: FastifyInstance;
  clock: SimClock;
  /**
   * One simulator per market: `state.tm.market` is its TmMarket, `state.waxpeer.market` a KitMarket,
   * `state.steam.world` the simulated Steam's world; each has `.stats` and `.faults`.
   */
  state: SimulatorState;
  /** Listens (default 127.0.0.1, port 0 = any free port) and returns the base URL, e.g. http://127.0.0.1:8090. */
  listen(options?: { port?: number; host?: string }): Promise<string>;
  close(): Promise<void>;
}

/**
 * A Fastify server with the tm family mounted at /tm, /cs7 and /cs7_proxy, the other marketplaces at
 * /dmarket, /lis_skins, /bitskins, /csfloat, /skinport and /waxpeer, the simulated Steam (and with it the
 * Steam Community Market) at /steam, and a /robots.txt (not yet listening).
 */
export async function createSimulatorServer(options: SimulatorServerOptions = {}): Promise<SimulatorServer> {
  const clock = options.clock ?? createSimClock();
  const app = Fastify({ logger: options.logger ?? false, forceCloseConnections: true });
  const state = {} as SimulatorState;
  for (const [name, prefix] of Object.entries(TM_FAMILY_PREFIXES) as [TmFamilyMarket, string][]) {
    state[name] = await registerTmSimulator(app, {
      prefix,
      clock,
      name,
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      ...(options.config ? { config: options.config } : {}),
    });
  }
  for (const [name, prefix] of Object.entries(OTHER_MARKET_PREFIXES) as [OtherMarket, string][]) {
    const config = options.marketConfig?.[name];
    state[name] = await registerKitSimulator(app, {
      prefix,
      clock,
      definition: OTHER_MARKET_DEFINITIONS[name],
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      ...(config ? { config } : {}),
    });
  }
  state.steam = await registerSteamSimulator(app, {
    prefix: STEAM_PREFIX,
    clock,
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.steamConfig ? { config: options.steamConfig } : {}),
  });
  // What a proxy health check fetches in demo mode (the stand-in for https://steamcommunity.com/robots.txt):
  // a plain 200 that touches no market's state, rate limit or statistics.
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send('User-agent: *\nDisallow: /\n'),
  );
  return {
    app,
    clock,
    state,
    async listen({ port = 0, host = '127.0.0.1' } = {}) {
      await app.listen({ port, host });
      const address = app.server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      return `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`;
    },
    close: () => app.close(),
  };
}
