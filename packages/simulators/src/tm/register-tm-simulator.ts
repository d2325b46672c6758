import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { createSimClock, type SimClock } from '../clock/sim-clock.ts';
import type { Catalogue } from '../data/catalogue.ts';
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

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Mounts one simulated tm-family market on a Fastify app under `prefix`. It registers one wildcard route in
 * its own encapsulated context with its own body parser (every body read as text), and does its own
 * routing and query parsing, so the host's router and parser options do not change its behaviour.
 * Host hooks registered on the root (auth, CSRF checks) do apply: mount it where none run.
 */
export async function registerTmSimulator(
  app: FastifyInstance,
  options: RegisterTmOptions,
): Promise<TmSimulator> {
  const prefix = `/${options.prefix.replace(/^\/+|\/+$/g, '')}`;
  const sim = new TmSimulator({
    name: options.name ?? prefix.slice(1),
    clock: options.clock ?? createSimClock(),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.config ? { config: options.config } : {}),
    ...(options.catalogue ? { catalogue: options.catalogue } : {}),
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = request.raw.url ?? '/';
    const queryAt = raw.indexOf('?');
    const pathname = queryAt === -1 ? raw : raw.slice(0, queryAt);
    const outcome = await sim.handle({
      method: request.method,
      path: pathname.startsWith(prefix) ? pathname.slice(prefix.length) : pathname,
      search: queryAt === -1 ? '' : raw.slice(queryAt + 1),
      body: typeof request.body === 'string' ? request.body : '',
      contentType: String(request.headers['content-type'] ?? ''),
    });
    if (outcome.kind === 'drop') {
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    return reply.code(outcome.status).header('content-type', outcome.contentType).send(outcome.body);
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
