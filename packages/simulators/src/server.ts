import Fastify, { type FastifyInstance } from 'fastify';

import { createSimClock, type SimClock } from './clock/sim-clock.ts';
import type { TmConfigPatch } from './tm/state/config.ts';
import { registerTmSimulator } from './tm/register-tm-simulator.ts';
import type { TmSimulator } from './tm/tm-simulator.ts';

/** The tm-family markets a simulator server mounts, each with its own state. */
export const TM_FAMILY_PREFIXES = { tm: '/tm', cs7: '/cs7', cs7_proxy: '/cs7_proxy' } as const;
export type TmFamilyMarket = keyof typeof TM_FAMILY_PREFIXES;

export interface SimulatorServerOptions {
  /** Default: real time plus an offset the control API advances. */
  clock?: SimClock;
  /** Seeds the simulated order books (default 730). */
  seed?: number;
  /** Config applied to every market at creation (each can still be changed via its control API). */
  config?: TmConfigPatch;
  /** Fastify request logging (default off). */
  logger?: boolean;
}

export interface SimulatorServer {
  app: FastifyInstance;
  clock: SimClock;
  /** One simulator per market: `state.tm.market` is its TmMarket, `.stats`, `.faults`, `.reset()`. */
  state: Record<TmFamilyMarket, TmSimulator>;
  /** Listens (default 127.0.0.1, port 0 = any free port) and returns the base URL, e.g. http://127.0.0.1:8090. */
  listen(options?: { port?: number; host?: string }): Promise<string>;
  close(): Promise<void>;
}

/** A Fastify server with the tm family mounted at /tm, /cs7 and /cs7_proxy (not yet listening). */
export async function createSimulatorServer(options: SimulatorServerOptions = {}): Promise<SimulatorServer> {
  const clock = options.clock ?? createSimClock();
  const app = Fastify({ logger: options.logger ?? false, forceCloseConnections: true });
  const state = {} as Record<TmFamilyMarket, TmSimulator>;
  for (const [name, prefix] of Object.entries(TM_FAMILY_PREFIXES) as [TmFamilyMarket, string][]) {
    state[name] = await registerTmSimulator(app, {
      prefix,
      clock,
      name,
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      ...(options.config ? { config: options.config } : {}),
    });
  }
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
