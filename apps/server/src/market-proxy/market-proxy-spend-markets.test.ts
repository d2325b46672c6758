import { createSimulatorServer, type SimulatorServer } from '@toydesk/simulators';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createMarketAccount } from '../testing/fixtures.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * Issue 11, item 6 beyond tm and Lis-skins: the buys of Waxpeer (project_id, check-many-project-id), CSFloat
 * (listings/buy, found in /me/trades) and BitSkins (market/buy/single, found in market/history/list) through
 * the console's proxy, with the simulators' faults injected after (and before) the purchase.
 */

const NAME = 'AK-47 | Redline (Field-Tested)';
type Kit = 'waxpeer' | 'csfloat' | 'bitskins';
let sim: SimulatorServer;
let simUrl: string;
let t: TestApp;
const accounts = {} as Record<Kit, number>;

const control = (market: Kit, method: string, path: string, body?: unknown) =>
  fetch(`${simUrl}/${market}/_control/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const fault = (market: Kit, spec: Record<string, unknown>) => control(market, 'POST', 'faults', spec);
const headers = (market: Kit) => ({ 'x-market': market, 'x-market-account': String(accounts[market]) });

const spendRow = async (customId: string) =>
  (
    await t.services.db.query<{ state: string; amount: string; lookup: Record<string, unknown> }>(
      'SELECT state, amount::text AS amount, lookup FROM market_spend WHERE custom_id = $1',
      [customId],
    )
  )[0];

/** Purchases the simulator recorded for the account (its spend stats), to count what was really bought. */
const bought = async (market: Kit) => {
  const stats = (await (await control(market, 'GET', 'stats')).json()) as Record<string, unknown>;
  return JSON.stringify(stats);
};

const csfloatListing = async () => {
  const found = await t.client.get<{ data: { id: string; price: number }[] }>(
    `/api/market-proxy/api/v1/listings?market_hash_name=${encodeURIComponent(NAME)}`,
    { headers: headers('csfloat') },
  );
  expect(found.status, found.text).toBe(200);
  return found.body.data[0]!;
};

const bitskinsListing = async () => {
  const found = await t.client.post<{ list: { id: string; price: number }[] }>(
    '/api/market-proxy/market/search/730',
    { where: { skin_name: [NAME] }, limit: 5 },
    { headers: headers('bitskins') },
  );
  expect(found.status, found.text).toBe(200);
  return found.body.list[0]!;
};

beforeAll(async () => {
  sim = await createSimulatorServer();
  simUrl = await sim.listen();
  t = await startTestApp({
    TOYDESK_MARKET_WAXPEER_URL: `${simUrl}/waxpeer`,
    TOYDESK_MARKET_CSFLOAT_URL: `${simUrl}/csfloat`,
    TOYDESK_MARKET_BITSKINS_URL: `${simUrl}/bitskins`,
    TOYDESK_MARKET_ALLOW_IP_HOSTS: '1',
  });
  for (const market of ['waxpeer', 'csfloat', 'bitskins'] as const) {
    const created = (await (await control(market, 'POST', 'accounts', { money: '5000' })).json()) as {
      credential: string;
    };
    accounts[market] = await createMarketAccount(t.client, `spend_${market}`, {
      market,
      api_key: created.credential,
      currency: 'USD',
    });
  }
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});
beforeEach(async () => {
  for (const market of ['waxpeer', 'csfloat', 'bitskins'] as const) await control(market, 'DELETE', 'faults');
  await t.services.db.query('DELETE FROM market_spend_guard');
});

describe('buys of Waxpeer, CSFloat and BitSkins through the market proxy', () => {
  it('Waxpeer: a dropped connection after the purchase is found by the project_id the proxy added', async () => {
    await fault('waxpeer', {
      match: { path: '/v1/buy-one-p2p-name' },
      kind: 'drop',
      phase: 'after',
      count: 1,
    });
    const query = new URLSearchParams({ name: NAME, price: '100000', partner: '1234567', token: 'AbCd1234' });
    const reply = await t.client.get<Record<string, unknown>>(
      `/api/market-proxy/v1/buy-one-p2p-name?${query.toString()}`,
      { headers: headers('waxpeer') },
    );
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({ success: true, spend_state: 'done', call: 'buy' });
    const customId = String(reply.body.custom_id);
    expect(customId).toMatch(/^[0-9a-f]{32}$/);
    expect(reply.headers.get('x-spend-custom-id')).toBe(customId);
    expect(await bought('waxpeer')).toContain(customId);
    expect(await spendRow(customId)).toMatchObject({ state: 'done', amount: '100.000' });
  });

  it('Waxpeer: a 503 before the purchase is not done (409); the retry with the same project_id buys', async () => {
    await fault('waxpeer', {
      match: { path: '/v1/buy-one-p2p-name' },
      kind: 'status',
      status: 503,
      count: 1,
    });
    const url = `/api/market-proxy/v1/buy-one-p2p-name?${new URLSearchParams({
      name: NAME,
      price: '100000',
      partner: '1234567',
      token: 'AbCd1234',
      project_id: 'wax-before-1',
    }).toString()}`;
    const reply = await t.client.get<Record<string, unknown>>(url, { headers: headers('waxpeer') });
    expect(reply.status, reply.text).toBe(409);
    expect(reply.body).toMatchObject({ spend_state: 'not_done', custom_id: 'wax-before-1' });
    const retry = await t.client.get<Record<string, unknown>>(url, { headers: headers('waxpeer') });
    expect(retry.status, retry.text).toBe(200);
    expect(retry.headers.get('x-spend-state')).toBe('done');
    expect(await spendRow('wax-before-1')).toMatchObject({ state: 'done' });
  });

  it('Waxpeer: the price guard compares with the lowest price of the name in /prices', async () => {
    await t.services.db.query(
      `INSERT INTO market_spend_guard (market_account, currency, max_price_percent) VALUES ($1, 'USD', 130)`,
      [accounts.waxpeer],
    );
    const prices = await t.client.get<{ items: { name: string; min: number }[] }>(
      `/api/market-proxy/v1/prices?search=${encodeURIComponent(NAME)}`,
      { headers: headers('waxpeer') },
    );
    const min = prices.body.items.find((item) => item.name === NAME)!.min;
    const buy = (price: number, projectId: string) =>
      t.client.get<Record<string, unknown>>(
        `/api/market-proxy/v1/buy-one-p2p-name?${new URLSearchParams({
          name: NAME,
          price: String(price),
          partner: '1234567',
          token: 'AbCd1234',
          project_id: projectId,
        }).toString()}`,
        { headers: headers('waxpeer') },
      );
    const dear = await buy(min * 2, 'wax-guard-1');
    expect(dear.status, dear.text).toBe(409);
    expect(dear.body).toMatchObject({ spend_state: 'not_done', guard: 'max-price' });
    const fair = await buy(min, 'wax-guard-2');
    expect(fair.status, fair.text).toBe(200);
    expect(fair.body).toMatchObject({ success: true });
  });

  it('CSFloat: an HTML 502 after listings/buy is found in /me/trades; the custom_id stays with us', async () => {
    const listing = await csfloatListing();
    await fault('csfloat', {
      match: { path: '/api/v1/listings/buy' },
      kind: 'html',
      phase: 'after',
      count: 1,
    });
    const reply = await t.client.post<Record<string, unknown>>(
      '/api/market-proxy/api/v1/listings/buy',
      { contract_ids: [listing.id], total_price: listing.price, custom_id: 'float-after-1' },
      { headers: headers('csfloat') },
    );
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({ spend_state: 'done', custom_id: 'float-after-1', id: listing.id });
    expect(await spendRow('float-after-1')).toMatchObject({
      state: 'done',
      lookup: { listing_ids: [listing.id] },
    });
    // Answered normally, a CSFloat buy (no `success` in its answer) is done too.
    const next = await csfloatListing();
    const plain = await t.client.post<Record<string, unknown>>(
      '/api/market-proxy/api/v1/listings/buy',
      { contract_ids: [next.id], total_price: next.price },
      { headers: headers('csfloat') },
    );
    expect(plain.status, plain.text).toBe(200);
    expect(plain.headers.get('x-spend-state')).toBe('done');
  });

  it('CSFloat: a 500 before the purchase is not done (409)', async () => {
    const listing = await csfloatListing();
    await fault('csfloat', {
      match: { path: '/api/v1/listings/buy' },
      kind: 'status',
      status: 500,
      count: 1,
    });
    const reply = await t.client.post<Record<string, unknown>>(
      '/api/market-proxy/api/v1/listings/buy',
      { contract_ids: [listing.id], total_price: listing.price, custom_id: 'float-before-1' },
      { headers: headers('csfloat') },
    );
    expect(reply.status, reply.text).toBe(409);
    expect(reply.body).toMatchObject({ spend_state: 'not_done', custom_id: 'float-before-1' });
    expect((await csfloatListing()).id).toBe(listing.id);
  });

  it('BitSkins: a JSON 500 after market/buy/single is found in the bought history', async () => {
    const listing = await bitskinsListing();
    await fault('bitskins', {
      match: { path: '/market/buy/single' },
      kind: 'status',
      status: 500,
      phase: 'after',
      count: 1,
    });
    const reply = await t.client.post<Record<string, unknown>>(
      '/api/market-proxy/market/buy/single',
      { app_id: 730, id: listing.id, max_price: listing.price },
      { headers: headers('bitskins') },
    );
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({ spend_state: 'done', call: 'buy', id: String(listing.id) });
    expect(await spendRow(String(reply.body.custom_id))).toMatchObject({ state: 'done' });
  });

  it('the daily cap applies to these buys too, before anything is sent', async () => {
    await t.services.db.query(
      `INSERT INTO market_spend_guard (market_account, daily_cap, currency) VALUES ($1, 0.01, 'USD')`,
      [accounts.bitskins],
    );
    const listing = await bitskinsListing();
    const reply = await t.client.post<Record<string, unknown>>(
      '/api/market-proxy/market/buy/single',
      { app_id: 730, id: listing.id, max_price: listing.price, custom_id: 'bits-cap-1' },
      { headers: headers('bitskins') },
    );
    expect(reply.status, reply.text).toBe(409);
    expect(reply.body).toMatchObject({ spend_state: 'not_done', guard: 'daily-cap' });
    expect((await bitskinsListing()).id).toBe(listing.id);
    expect(await spendRow('bits-cap-1')).toBeUndefined();
  });

  it('bad buy input is a 400 and nothing is written', async () => {
    const before = await t.services.db.query('SELECT id FROM market_spend');
    const wax = await t.client.get(
      `/api/market-proxy/v1/buy-one-p2p-name?name=${encodeURIComponent(NAME)}&price=1.5&partner=1&token=a`,
      { headers: headers('waxpeer') },
    );
    expect(wax.status, wax.text).toBe(400);
    for (const body of [
      { contract_ids: [], total_price: 100 },
      { contract_ids: [2 ** 53 + 2], total_price: 100 },
      { contract_ids: ['1'], total_price: 0 },
    ]) {
      const reply = await t.client.post('/api/market-proxy/api/v1/listings/buy', body, {
        headers: headers('csfloat'),
      });
      expect(reply.status, JSON.stringify(body)).toBe(400);
    }
    const bits = await t.client.post(
      '/api/market-proxy/market/buy/single',
      { app_id: 730, id: '1', max_price: 10, custom_id: 'bad id' },
      { headers: headers('bitskins') },
    );
    expect(bits.status, bits.text).toBe(400);
    expect(await t.services.db.query('SELECT id FROM market_spend')).toHaveLength(before.length);
  });
});
