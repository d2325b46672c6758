import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { createSimClock, type SimClock } from '../clock/sim-clock.ts';
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

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Mounts one simulated non-tm market on a Fastify app under `prefix`, as registerTmSimulator does: one
 * wildcard route in its own encapsulated context, every body read as text (DMarket signs the exact bytes),
 * its own routing and query parsing. Header names reach the market in lower case.
 */
export async function registerKitSimulator(
  app: FastifyInstance,
  options: RegisterKitOptions,
): Promise<KitSimulator> {
  const prefix = `/${options.prefix.replace(/^\/+|\/+$/g, '')}`;
  const sim = new KitSimulator({
    definition: options.definition,
    clock: options.clock ?? createSimClock(),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.config ? { config: options.config } : {}),
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = request.raw.url ?? '/';
    const queryAt = raw.indexOf('?');
    const pathname = queryAt === -1 ? raw : raw.slice(0, queryAt);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
    const outcome = await sim.handle({
      method: request.method,
      path: pathname.startsWith(prefix) ? pathname.slice(prefix.length) : pathname,
      search: queryAt === -1 ? '' : raw.slice(queryAt + 1),
      headers,
      body: typeof request.body === 'string' ? request.body : '',
      contentType: String(request.headers['content-type'] ?? ''),
    });
    if (outcome.kind === 'drop') {
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    reply.code(outcome.status).header('content-type', outcome.contentType);
    for (const [name, value] of Object.entries(outcome.headers ?? {})) reply.header(name, value);
    return reply.send(outcome.body);
  };

  await app.register(
    async (child) => {
      child.removeAllContentTypeParsers();
      child.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
      child.route({ method: [...METHODS], url: '/*', handler });
      child.addHook('onClose', async () => sim.close());
    },
    { prefix },
  );
  return sim;
}
