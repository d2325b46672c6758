import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import {
  exposeFigure,
  exposeProcessFigures,
  metricsRegistry,
  registerMetrics,
  sharedPerScrape,
  timedByAnotherApp,
} from './metrics.ts';

describe('registerMetrics', () => {
  it("times answers by route pattern and serves Prometheus's text format", async () => {
    const app = Fastify();
    registerMetrics(app);
    app.get('/things/:id/', async () => ({ ok: true }));
    await app.inject({ url: '/things/76561198000000001/?secret=x' });
    await app.inject({ url: '/things/2/' });
    const scraped = await app.inject({ url: '/metrics' });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.headers['content-type']).toContain('text/plain');
    expect(scraped.body).toContain(
      'toydesk_http_request_duration_seconds_count{method="GET",route="/things/:id/",status="200"} 2',
    );
    // The route's pattern, never the ids or the query.
    expect(scraped.body).not.toContain('76561198000000001');
    expect(scraped.body).not.toContain('secret');
    // Node's own figures come with it.
    expect(scraped.body).toContain('toydesk_process_cpu_user_seconds_total');
  });

  it('times a request handed to another app of the process once, by that app and its route', async () => {
    // The embedded default: the server hands /api-node/ requests to the bot services' app on the raw socket.
    const inner = Fastify();
    registerMetrics(inner);
    inner.get('/handed/:id/', async () => ({ ok: true }));
    await inner.ready();
    const outer = Fastify();
    registerMetrics(outer);
    outer.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/handed/')) return;
      timedByAnotherApp(request);
      reply.hijack();
      inner.routing(request.raw, reply.raw);
    });
    // A real socket: the hooks after a hijack run on the response's own events.
    const base = await outer.listen({ port: 0, host: '127.0.0.1' });
    try {
      expect((await fetch(`${base}/handed/7/`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50)); // onResponse runs once the answer is out
    } finally {
      await outer.close();
      await inner.close();
    }
    const scraped = await metricsRegistry().metrics();
    expect(scraped).toContain(
      'toydesk_http_request_duration_seconds_count{method="GET",route="/handed/:id/",status="200"} 1',
    );
    expect(scraped).not.toContain('route="unmatched",status="200"');
  });

  it('reads a source shared by two figures once per scrape', async () => {
    let reads = 0;
    const backlog = sharedPerScrape(async () => {
      reads += 1;
      return [{ lane: 'trading', waiting: 3, oldest: 12 }];
    });
    const lanes = ['lane'] as const;
    exposeFigure({
      name: 'test_shared_waiting',
      help: 'waiting',
      type: 'gauge',
      labelNames: lanes,
      read: async () => (await backlog()).map((row) => ({ labels: { lane: row.lane }, value: row.waiting })),
    });
    exposeFigure({
      name: 'test_shared_oldest',
      help: 'oldest',
      type: 'gauge',
      labelNames: lanes,
      read: async () => (await backlog()).map((row) => ({ labels: { lane: row.lane }, value: row.oldest })),
    });
    const scraped = await metricsRegistry().metrics();
    expect(scraped).toContain('test_shared_waiting{lane="trading"} 3');
    expect(scraped).toContain('test_shared_oldest{lane="trading"} 12');
    expect(reads).toBe(1);
    await metricsRegistry().metrics();
    expect(reads).toBe(2);
    for (const name of ['test_shared_waiting', 'test_shared_oldest'])
      metricsRegistry().removeSingleMetric(name);
  });

  it('asks for the bearer token when one is set', async () => {
    const app = Fastify();
    registerMetrics(app, { token: 's3cret-token' });
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    const right = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer s3cret-token' } });
    expect(right.statusCode).toBe(200);
  });

  it('reads exposed figures at each scrape; defining one again replaces it', async () => {
    const app = Fastify();
    registerMetrics(app);
    let waiting = 3;
    exposeFigure({
      name: 'toydesk_test_waiting',
      help: 'test',
      type: 'gauge',
      labelNames: ['lane'],
      read: async () => [{ labels: { lane: 'trading' }, value: waiting }],
    });
    expect((await app.inject({ url: '/metrics' })).body).toContain('toydesk_test_waiting{lane="trading"} 3');
    waiting = 5;
    expect((await app.inject({ url: '/metrics' })).body).toContain('toydesk_test_waiting{lane="trading"} 5');
    exposeFigure({
      name: 'toydesk_test_waiting',
      help: 'test',
      type: 'gauge',
      labelNames: ['lane'],
      read: () => [{ labels: { lane: 'other' }, value: 1 }],
    });
    const body = (await app.inject({ url: '/metrics' })).body;
    expect(body).toContain('toydesk_test_waiting{lane="other"} 1');
    expect(body).not.toContain('lane="trading"');
  });

  it('shows vault operations and rate-limit use per key id as counters', async () => {
    const app = Fastify();
    registerMetrics(app);
    exposeProcessFigures({
      vaultOperations: { encrypt: 2, decrypt: 7, failed: 1 },
      rateLimitUse: new Map([['tm:0123456789abcdef', { granted: 12, waitedSeconds: 1.5 }]]),
    });
    const body = (await app.inject({ url: '/metrics' })).body;
    expect(body).toContain('# TYPE toydesk_vault_operations_total counter');
    expect(body).toContain('toydesk_vault_operations_total{operation="decrypt"} 7');
    expect(body).toContain('toydesk_rate_limit_granted_total{key="tm:0123456789abcdef"} 12');
    expect(body).toContain('toydesk_rate_limit_wait_seconds_total{key="tm:0123456789abcdef"} 1.5');
  });
});
