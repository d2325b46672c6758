import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What a simulator answers: a reply, or a connection dropped without one (the `drop` fault). */
export type MountedOutcome =
  | {
      kind: 'reply';
      status: number;
      contentType: string;
      body: string;
      headers?: Record<string, string | string[]>;
    }
  | { kind: 'drop' };

export interface MountOptions {
  /** Where the simulator lives, with or without slashes (`/tm`, `steam-sim/`). */
  prefix: string;
  /** How bodies reach the simulator: text (the markets; DMarket signs the exact bytes) or raw bytes (Steam). */
  body: 'string' | 'buffer';
  bodyLimit?: number;
  /** Answers one request; `path` is below the prefix ('' for the prefix itself), `search` without its `?`. */
  handle(
    request: FastifyRequest,
    at: { path: string; search: string; prefix: string },
  ): Promise<MountedOutcome>;
  /** Ends pending slow answers when the app closes. */
  close(): void;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** `/name` from `name`, `/name/` or `//name`. */
export function normalizePrefix(prefix: string): string {
  return `/${prefix.replace(/^\/+|\/+$/g, '')}`;
}

/**
 * Mounts one simulator (a tm-family market, a kit market, Steam) on a Fastify app under its prefix: one
 * wildcard route in its own encapsulated context with its own body parser, its own routing and query
 * parsing, so the host's router and parser options do not change its behaviour. Host hooks registered on
 * the root (auth, CSRF checks) do apply: mount it where none run.
 */
export async function mountSimulator(app: FastifyInstance, options: MountOptions): Promise<void> {
  const prefix = normalizePrefix(options.prefix);
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = request.raw.url ?? '/';
    const queryAt = raw.indexOf('?');
    const pathname = queryAt === -1 ? raw : raw.slice(0, queryAt);
    const outcome = await options.handle(request, {
      path: pathname.startsWith(prefix) ? pathname.slice(prefix.length) : pathname,
      search: queryAt === -1 ? '' : raw.slice(queryAt + 1),
      prefix,
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
      child.addContentTypeParser(
        '*',
        {
          parseAs: options.body,
          ...(options.bodyLimit !== undefined ? { bodyLimit: options.bodyLimit } : {}),
        },
        (_request, body, done) => done(null, body),
      );
      child.route({ method: [...METHODS], url: '/*', handler });
      child.addHook('onClose', async () => options.close());
    },
    { prefix },
  );
}
