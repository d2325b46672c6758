import { describe, test } from 'vitest';

import { HttpStatusError, HttpTimeoutError, type HttpRequest } from '@toydesk/http';

import { simulatorClient } from '../testing/tm-test-client.ts';
import { useTmSimulator } from '../testing/use-tm-simulator.ts';
import { TmError } from './tm-errors.ts';

/**
 * The order loop (spec sections 4, 8, 9): get-orders pages from 0 (as marketplaces.md and the simulator
 * have them) until a page holds fewer than 100; a failed page fails the loop.
 */

const bed = useTmSimulator();

async function loopClient(orders: number, timeouts = {}) {
  const account = await bed.sim.createAccount();
  bed.sim.seedOrders(account.key, orders);
  const pages: string[] = [];
  const recording = {
    request: (req: HttpRequest) => {
      pages.push(String(req.query?.page));
      return bed.http.request(req);
    },
  };
  const tm = simulatorClient(bed.sim, bed.http, { apiKey: account.key, http: recording, timeouts });
  return { key: account.key, tm, pages };
}

describe.concurrent('getAllOrders', () => {
  const cases: [number, string[]][] = [
    [0, ['0']],
    [99, ['0']],
    [100, ['0', '1']],
    [101, ['0', '1']],
    [200, ['0', '1', '2']],
    [250, ['0', '1', '2']],
  ];
  for (const [count, pages] of cases) {
    test(`${count} orders: reads pages ${pages.join(', ')}`, async ({ expect }) => {
      const loop = await loopClient(count);
      const orders = await loop.tm.orders.getAllOrders();
      expect(orders).toHaveLength(count);
      expect(new Set(orders.map((order) => order.id)).size).toBe(count);
      expect(loop.pages).toEqual(pages);
      expect(orders[0]?.price ?? '1.00').toBe('1.00');
    });
  }

  test('a page that fails (5xx, after the transport retried it once) fails the loop', async ({ expect }) => {
    const loop = await loopClient(150);
    await bed.sim.addFault({
      match: { key: loop.key, path: 'get-orders?page=1' },
      kind: 'status',
      status: 500,
      count: 2,
    });
    const error = await loop.tm.orders.getAllOrders().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error).toMatchObject({ status: 500, call: 'tm.get-orders' });
    expect(loop.pages).toEqual(['0', '1']);
    expect((await bed.sim.keyStats(loop.key)).byMethod).toEqual({ 'get-orders': 3 });
  });

  test('a page tm refuses fails the loop with its error', async ({ expect }) => {
    const loop = await loopClient(100);
    await bed.sim.addFault({
      match: { key: loop.key, path: 'get-orders?page=1' },
      kind: 'error',
      error: 'internal_error',
    });
    const error = await loop.tm.orders.getAllOrders().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TmError);
    expect(error).toMatchObject({ code: 'internal_error', status: 200 });
  });

  test('a page that times out fails the loop', async ({ expect }) => {
    const loop = await loopClient(100, { marketClient: 200 });
    await bed.sim.addFault({
      match: { key: loop.key, path: 'get-orders?page=1' },
      kind: 'slow',
      delayMs: 500,
      count: 2,
    });
    await expect(loop.tm.orders.getAllOrders()).rejects.toBeInstanceOf(HttpTimeoutError);
  });
});
