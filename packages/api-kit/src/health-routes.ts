import type { FastifyInstance } from 'fastify';

/** Resolves when its part is ready; rejects with a short reason (never a secret) when it is not. */
export type ReadinessCheck = () => Promise<void>;

const CHECK_TIMEOUT_MS = 2_000;

/** Route config of the health routes: no session, no app token, no anti-forgery check. */
export const HEALTH_ROUTE_CONFIG = { public: true, health: true } as const;

/** Whether a request is for one of the health routes (guards that run on every request skip those). */
export function isHealthRoute(config: unknown): boolean {
  return typeof config === 'object' && config !== null && (config as { health?: unknown }).health === true;
}

async function runCheck(check: ReadinessCheck): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /healthz`: the process answers (liveness; touches nothing else). `GET /readyz`: every check passes
 * (readiness: the database reachable, its migrations applied, the job queue running), 200 with each check's
 * "ok", or 503 naming what failed. Both unauthenticated, as orchestrators and load balancers call them.
 */
export function registerHealthRoutes(app: FastifyInstance, checks: Record<string, ReadinessCheck>): void {
  app.get('/healthz', { config: HEALTH_ROUTE_CONFIG }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', { config: HEALTH_ROUTE_CONFIG }, async (_request, reply) => {
    const names = Object.keys(checks);
    const results = await Promise.all(names.map((name) => runCheck(checks[name]!)));
    const report = Object.fromEntries(names.map((name, i) => [name, results[i]!]));
    const ready = results.every((result) => result === 'ok');
    reply.header('cache-control', 'no-store');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks: report });
  });
}
