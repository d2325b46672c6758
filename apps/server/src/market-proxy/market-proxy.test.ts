import { createServer, type Server } from 'node:http';

import { createSimulatorServer, type SimulatorServer } from '@toydesk/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createMarketAccount, makeFixtures } from '../testing/fixtures.ts';
import { rawGet } from '../testing/raw-get.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

let sim: SimulatorServer;
let simUrl: string;
let redirector: Server;
let redirectorUrl: string;
let t: TestApp;
let tmAccountId: number;
let csfloatAccountId: number;
let simKey: string;

const proxied = (path: string, accountId: number, market = 'tm', options: { xsrf?: boolean } = {}) =>
  t.client.get<Record<string, unknown>>(`/api/market-proxy/${path}`, {
    headers: { 'x-market': market, 'x-market-account': String(accountId) },
    ...options,
  });

beforeAll(async () => {
  sim = await createSimulatorServer();
  simUrl = await sim.listen();
  redirector = createServer((_req, res) => {
    res.writeHead(302, { location: 'http://evil.test/steal' }).end();
  });
  await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
  const address = redirector.address();
  redirectorUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  t = await startTestApp({
    TOYDESK_MARKET_TM_URL: `${simUrl}/tm`,
    TOYDESK_MARKET_CSFLOAT_URL: redirectorUrl,
    TOYDESK_MARKET_ALLOW_IP_HOSTS: '1',
  });
  const f = await makeFixtures(t.client);
  const account = (await (
    await fetch(`${simUrl}/tm/_control/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ currency: 'RUB', money: 1234.5, inventory: 3 }),
    })
  ).json()) as { key: string };
  simKey = account.key;
  tmAccountId = await createMarketAccount(t.client, 'proxy_tm', { market: 'tm', api_key: simKey });
  expect(f.marketAccountId).toBeGreaterThan(0);
  csfloatAccountId = await createMarketAccount(t.client, 'proxy_csfloat', {
    market: 'csfloat',
    api_key: 'csfloat-key-1234567890',
  });
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
  redirector?.close();
});

describe('the console marketplace proxy', () => {
  it('adds the account key on the server side and forwards to the configured marketplace', async () => {
    const money = await proxied('api/v2/get-money', tmAccountId);
    expect(money.status, money.text).toBe(200);
    expect(money.body).toMatchObject({ success: true, currency: 'RUB' });
    expect(Number(money.body.money)).toBeCloseTo(1234.5);
    expect(money.text).not.toContain(simKey);
    const prices = await proxied('api/v2/prices/class_instance/RUB.json', tmAccountId);
    expect(prices.status).toBe(200);
  });

  it('needs a session and the anti-forgery header, even for GET', async () => {
    expect((await proxied('api/v2/get-money', tmAccountId, 'tm', { xsrf: false })).status).toBe(403);
    const anonymous = t.newClient();
    const r = await anonymous.get('/api/market-proxy/api/v2/get-money', {
      headers: { 'x-market': 'tm', 'x-market-account': String(tmAccountId) },
    });
    expect(r.status).toBe(401);
  });

  it('refuses other hosts, path tricks, caller keys, mismatched accounts and redirects', async () => {
    for (const path of [
      '..%2F..%2Fadmin',
      '%2e%2e/%2e%2e/etc',
      'api/../../x',
      'api/./x',
      '%2F%2Fevil.test/x',
      'http:%2F%2Fevil.test',
      'api%5c..%5cx',
      'a//b',
    ]) {
      expect(
        await rawGet(t, `/api/market-proxy/${path}`, {
          'x-market': 'tm',
          'x-market-account': String(tmAccountId),
        }),
        path,
      ).toBe(400);
    }
    // The simulators' control API lists every key in the demo: never reached through the proxy.
    for (const path of ['_control/accounts', '_control/stats', '%5Fcontrol/accounts']) {
      const control = await proxied(path, tmAccountId);
      expect(control.status, path).toBe(400);
      expect(control.text).not.toContain(simKey);
    }
    expect((await proxied('api/v2/get-money?key=stolen', tmAccountId)).status).toBe(400);
    expect((await proxied('api/v2/get-money', tmAccountId, 'evil.test')).status).toBe(400);
    expect((await proxied('api/v2/get-money', tmAccountId, 'dmarket')).status).toBe(400);
    expect((await proxied('api/v2/get-money', 999999)).status).toBe(404);
    const redirected = await proxied('me', csfloatAccountId, 'csfloat');
    expect(redirected.status).toBe(502);
    expect(String(redirected.body.detail)).toMatch(/Redirect refused/);
  });

  it('keeps the per-key limit of the bots and audits every call without the key', async () => {
    const before = (await (await fetch(`${simUrl}/tm/_control/stats`)).json()) as {
      rateLimitViolations: number;
      keys: Record<string, { requests: number }>;
    };
    const calls = await Promise.all(
      Array.from({ length: 12 }, () => proxied('api/v2/get-money', tmAccountId)),
    );
    expect(calls.every((c) => c.status === 200)).toBe(true);
    const after = (await (await fetch(`${simUrl}/tm/_control/stats`)).json()) as {
      rateLimitViolations: number;
      keys: Record<string, { requests: number }>;
    };
    expect(before.rateLimitViolations).toBe(0);
    expect(after.rateLimitViolations).toBe(0);
    expect(after.keys[simKey]!.requests).toBeGreaterThanOrEqual(12);
    const audit = await t.client.get<{
      count: number;
      results: { action: string; after: Record<string, unknown> }[];
    }>('/api/audit/', {
      query: { entity: 'market_proxy', page_size: 100 },
    });
    expect(audit.body.count).toBeGreaterThanOrEqual(12);
    expect(audit.body.results[0]!.action).toBe('call');
    expect(audit.text).not.toContain(simKey);
    expect(t.logLines.join('\n')).not.toContain(simKey);
  });
});
