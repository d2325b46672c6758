import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { exposeFigure, exposeProcessFigures, registerMetrics } from './metrics.ts';

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
