import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { isHealthRoute, registerHealthRoutes } from './health-routes.ts';

describe('registerHealthRoutes', () => {
  it('/healthz answers without running any check; /readyz runs every check', async () => {
    let checked = 0;
    const app = Fastify();
    registerHealthRoutes(app, {
      database: async () => {
        checked += 1;
      },
    });
    const alive = await app.inject({ url: '/healthz' });
    expect([alive.statusCode, alive.json(), checked]).toEqual([200, { status: 'ok' }, 0]);
    expect(alive.headers['cache-control']).toBe('no-store');
    const ready = await app.inject({ url: '/readyz' });
    expect([ready.statusCode, ready.json(), checked]).toEqual([
      200,
      { status: 'ready', checks: { database: 'ok' } },
      1,
    ]);
  });

  it('/readyz is 503 naming the check that failed and why, and one that never answers', async () => {
    const app = Fastify();
    registerHealthRoutes(app, {
      database: async () => undefined,
      migrations: async () => {
        throw new Error('migrations not applied: 021-x.sql');
      },
      queue: () => new Promise<void>(() => undefined),
    });
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'not_ready',
      checks: {
        database: 'ok',
        migrations: 'migrations not applied: 021-x.sql',
        queue: 'no answer in 2000 ms',
      },
    });
  });

  it('marks its routes so guards that run on every request can let them through', async () => {
    const app = Fastify();
    const seen: boolean[] = [];
    app.addHook('onRequest', async (request) => {
      seen.push(isHealthRoute(request.routeOptions.config));
    });
    registerHealthRoutes(app, {});
    app.get('/other', async () => 'x');
    await app.inject({ url: '/healthz' });
    await app.inject({ url: '/readyz' });
    await app.inject({ url: '/other' });
    expect(seen).toEqual([true, true, false]);
  });
});
