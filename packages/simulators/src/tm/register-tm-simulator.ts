import type { FastifyInstance } from 'fastify';

import { createSimClock, type SimClock } from '../clock/sim-clock.ts';
import type { Catalogue } from '../data/catalogue.ts';
import { mountSimulator, normalizePrefix } from '../mount/mount-simulator.ts';
import type { TmConfigPatch } from './state/config.ts';
import { TmSimulator } from './tm-simulator.ts';

export interface RegisterTmOptions {
  /** Where the market lives, e.g. `/tm`: its API is `/tm/api/v2/...`, its control API `/tm/_control/...`. */
  prefix: string;
  /** Shared by every market of a server; default: a new real-time clock. */
  clock?: SimClock;
  /** Seeds the simulated order book (default 730). */
  seed?: number;
  /** The market's name in seeds and logs (default: the prefix without slashes). */
  name?: string;
  config?: TmConfigPatch;
  /** The items it trades (default: the built-in catalogue; bench:bots gives a larger one). */
  catalogue?: Catalogue;
}

/** Mounts one simulated tm-family market on a Fastify app under `prefix` (`mountSimulator`, bodies as text). */
export async function registerTmSimulator(
  app: FastifyInstance,
  options: RegisterTmOptions,
): Promise<TmSimulator> {
  const prefix = normalizePrefix(options.prefix);
  const sim = new TmSimulator({
    name: options.name ?? prefix.slice(1),
    clock: options.clock ?? createSimClock(),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.config ? { config: options.config } : {}),
    ...(options.catalogue ? { catalogue: options.catalogue } : {}),
  });

  await mountSimulator(app, {
    prefix,
    body: 'string',
    handle: (request, at) =>
      sim.handle({
        method: request.method,
        path: at.path,
        search: at.search,
        body: typeof request.body === 'string' ? request.body : '',
        contentType: String(request.headers['content-type'] ?? ''),
      }),
    close: () => sim.close(),
  });
  return sim;
}
