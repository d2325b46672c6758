import type { FastifyInstance } from 'fastify';

import { createSimClock, type SimClock } from '../clock/sim-clock.ts';
import { mountSimulator, normalizePrefix } from '../mount/mount-simulator.ts';
import type { KitConfigPatch } from './kit-config.ts';
import type { KitMarketDefinition } from './kit-definition.ts';
import { KitSimulator } from './kit-simulator.ts';

export interface RegisterKitOptions {
  /** Where the market lives, e.g. `/waxpeer`: its API is `/waxpeer/v1/...`, its control API `/waxpeer/_control/...`. */
  prefix: string;
  definition: KitMarketDefinition;
  clock?: SimClock;
  seed?: number;
  config?: KitConfigPatch;
}

/**
 * Mounts one simulated non-tm market on a Fastify app under `prefix` (`mountSimulator`, every body read as
 * text: DMarket signs the exact bytes). Header names reach the market in lower case.
 */
export async function registerKitSimulator(
  app: FastifyInstance,
  options: RegisterKitOptions,
): Promise<KitSimulator> {
  const prefix = normalizePrefix(options.prefix);
  const sim = new KitSimulator({
    definition: options.definition,
    clock: options.clock ?? createSimClock(),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.config ? { config: options.config } : {}),
  });

  await mountSimulator(app, {
    prefix,
    body: 'string',
    handle: (request, at) => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (value !== undefined)
          headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
      }
      return sim.handle({
        method: request.method,
        path: at.path,
        search: at.search,
        headers,
        body: typeof request.body === 'string' ? request.body : '',
        contentType: String(request.headers['content-type'] ?? ''),
      });
    },
    close: () => sim.close(),
  });
  return sim;
}
