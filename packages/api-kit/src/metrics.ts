import { timingSafeEqual, createHash } from 'node:crypto';

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

import { HEALTH_ROUTE_CONFIG } from './health-routes.ts';

let registry: Registry | null = null;
let httpDuration: Histogram<'method' | 'route' | 'status'> | null = null;

/**
 * The process's one metrics registry: Node's own figures (CPU, memory, event-loop lag, GC) and whatever the
 * process adds (the bots' queue, loops, limiters and vault). One per process, since the embedded default
 * runs the API server and the bot services in one.
 */
export function metricsRegistry(): Registry {
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: 'toydesk_' });
    httpDuration = new Histogram({
      name: 'toydesk_http_request_duration_seconds',
      help: 'Time from a request to its answer, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    });
  }
  return registry;
}

/** Requests this process hands to another of its apps, which answers and times them (by its own request object). */
const timedElsewhere = new WeakSet<object>();

/**
 * Marks a request that this app hands to another app of the process, which answers and times it by its own
 * route (the embedded bot services): this app's onResponse still fires for it and must not time it again.
 */
export function timedByAnotherApp(request: FastifyRequest): void {
  timedElsewhere.add(request);
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Times every answer of `app` by its route pattern (`/api/steam/accounts/:id/`, never the URL with its ids
 * and query) and serves `GET /metrics` in Prometheus's text format. With `token` (TOYDESK_METRICS_TOKEN) the
 * scraper must send `Authorization: Bearer <token>`; without it the route is open, for a port that only the
 * scraper reaches. The figures hold key ids (hashes) and counts, never a secret.
 */
export function registerMetrics(app: FastifyInstance, options: { token?: string } = {}): void {
  const metrics = metricsRegistry();
  app.addHook('onResponse', async (request, reply) => {
    if (timedElsewhere.has(request)) return;
    httpDuration?.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', { config: HEALTH_ROUTE_CONFIG }, async (request, reply) => {
    if (options.token) {
      const sent = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!timingSafeEqual(digest(sent), digest(options.token))) {
        return reply.status(401).send({ detail: 'Metrics token required. (Authorization: Bearer ...)' });
      }
    }
    reply.header('cache-control', 'no-store');
    reply.header('content-type', metrics.contentType);
    return metrics.metrics();
  });
}

/** One reading of a figure: its labels and its value. */
export interface FigureReading<L extends string> {
  labels: Record<L, string>;
  value: number;
}

/**
 * One read shared by the figures a scrape collects together (the registry collects them at once): the
 * queue's waiting count and oldest age come from one query, not one each.
 */
export function sharedPerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= read().finally(() => {
      pending = null;
    }));
}

/**
 * A figure read at each scrape (a count in the database, a counter the process keeps): a gauge, or a
 * counter when `read` gives totals since the process started. Defining it again replaces the old one (the
 * tests start many runtimes in one process; the last one is the process's).
 */
export function exposeFigure<L extends string>(figure: {
  name: string;
  help: string;
  type: 'gauge' | 'counter';
  labelNames: readonly L[];
  read: () => Promise<FigureReading<L>[]> | FigureReading<L>[];
}): void {
  const metrics = metricsRegistry();
  metrics.removeSingleMetric(figure.name);
  const options = {
    name: figure.name,
    help: figure.help,
    labelNames: figure.labelNames,
    registers: [metrics],
  };
  if (figure.type === 'gauge') {
    new Gauge<L>({
      ...options,
      async collect() {
        this.reset();
        for (const reading of await figure.read()) this.set(reading.labels, reading.value);
      },
    });
  } else {
    new Counter<L>({
      ...options,
      async collect() {
        this.reset();
        for (const reading of await figure.read()) this.inc(reading.labels, reading.value);
      },
    });
  }
}

/**
 * The figures every process keeps in memory, whatever it runs: the vault's operations (`vaultOperations` of
 * @toydesk/db) and the marketplace rate limits' use per key id (`rateLimitUse` of @toydesk/http). Passed in
 * rather than imported: api-kit serves routes and knows neither package.
 */
export function exposeProcessFigures(sources: {
  vaultOperations: Readonly<Record<string, number>>;
  rateLimitUse: ReadonlyMap<string, { granted: number; waitedSeconds: number }>;
}): void {
  exposeFigure({
    name: 'toydesk_vault_operations_total',
    help: 'Secrets encrypted, decrypted, and decryptions refused, since the process started.',
    type: 'counter',
    labelNames: ['operation'],
    read: () =>
      Object.entries(sources.vaultOperations).map(([operation, value]) => ({ labels: { operation }, value })),
  });
  exposeFigure({
    name: 'toydesk_rate_limit_granted_total',
    help: 'Marketplace rate-limit tokens granted, per key id (a hash of the API key, never the key).',
    type: 'counter',
    labelNames: ['key'],
    read: () => [...sources.rateLimitUse].map(([key, use]) => ({ labels: { key }, value: use.granted })),
  });
  exposeFigure({
    name: 'toydesk_rate_limit_wait_seconds_total',
    help: 'Seconds spent waiting for marketplace rate-limit tokens, per key id.',
    type: 'counter',
    labelNames: ['key'],
    read: () =>
      [...sources.rateLimitUse].map(([key, use]) => ({ labels: { key }, value: use.waitedSeconds })),
  });
}
