import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createSimClock } from '../clock/sim-clock.ts';
import { registerTmSimulator } from './register-tm-simulator.ts';
import type { TmSimulator } from './tm-simulator.ts';

/** Mounted in a host app with its own parsers and router options, as the main server will in demo mode. */
const host = Fastify({
  routerOptions: {
    ignoreTrailingSlash: false,
    // A host parser that would turn `a[]=1` into something else must not matter to the simulator.
    querystringParser: (text: string) => ({ parsedByHost: text }),
  },
});
let base = '';
let sim: TmSimulator;

beforeAll(async () => {
  host.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, { hostParsed: body }),
  );
  host.post('/echo', async (request) => ({ body: request.body }));
  sim = await registerTmSimulator(host, { prefix: '/demo/tm/', clock: createSimClock({ frozen: true }) });
  await host.listen({ port: 0, host: '127.0.0.1' });
  const address = host.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => host.close());

describe('registerTmSimulator in a host app', () => {
  it('serves the API and control under the prefix; the host keeps its own parsers', async () => {
    const created = await fetch(`${base}/demo/tm/_control/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ money: 10, online: true }),
    });
    const { key } = (await created.json()) as { key: string };
    expect(sim.market.account(key)).toBeDefined();
    const money = await fetch(`${base}/demo/tm/api/v2/get-money?key=${key}`);
    expect(await money.json()).toMatchObject({ money: 10, success: true });

    const search = await fetch(
      `${base}/demo/tm/api/v2/search-list-items-by-hash-name-all?key=${key}&list_hash_name[]=${encodeURIComponent(
        'AK-47 | Redline (Field-Tested)',
      )}`,
    );
    expect(await search.json()).toMatchObject({
      success: true,
      data: { 'AK-47 | Redline (Field-Tested)': expect.any(Array) },
    });

    const mass = await fetch(`${base}/demo/tm/api/MassSetPriceById/?key=${key}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'list[1]=100',
    });
    expect(await mass.json()).toEqual({
      success: true,
      items: [{ item_id: '1', success: false, error: 'bad_item' }],
    });

    const echo = await fetch(`${base}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(await echo.json()).toEqual({ body: { hostParsed: 'a=1' } });
    const echoJson = await fetch(`${base}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(await echoJson.json()).toEqual({ body: { a: 1 } });
  });
});
