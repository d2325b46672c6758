import { createSimulatorServer, type SimulatorServer } from '@toydesk/simulators';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { createMarketAccount } from '../testing/fixtures.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * Issue 11, "a buy that spent money is reported as a failure": spending calls through the console's proxy
 * against the tm simulator with faults injected after the purchase happened (and before, and on the lookup).
 */

const NAME = 'AK-47 | Redline (Field-Tested)';
let sim: SimulatorServer;
let simUrl: string;
let t: TestApp;
let accountId: number;
let lisAccountId: number;
let lisCredential: string;

const control = async (method: string, path: string, body?: unknown) =>
  fetch(`${simUrl}/tm/_control/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const fault = (spec: Record<string, unknown>) => control('POST', 'faults', spec);

const proxied = (path: string, query: Record<string, string>) =>
  t.client.get<Record<string, unknown>>(
    `/api/market-proxy/${path}?${new URLSearchParams(query).toString()}`,
    {
      headers: { 'x-market': 'tm', 'x-market-account': String(accountId) },
    },
  );

/** Through the proxy, so the check itself stays under the key's rate limit. */
const buyInfo = async (customId: string) =>
  (await proxied('api/v2/get-buy-info-by-custom-id', { custom_id: customId })).body;

const spendRow = async (customId: string) =>
  (
    await t.services.db.query<{ state: string; amount: string; source: string }>(
      'SELECT state, amount::text AS amount, source FROM market_spend WHERE custom_id = $1',
      [customId],
    )
  )[0];

beforeAll(async () => {
  sim = await createSimulatorServer();
  simUrl = await sim.listen();
  t = await startTestApp({
    TOYDESK_MARKET_TM_URL: `${simUrl}/tm`,
    TOYDESK_MARKET_LIS_SKINS_URL: `${simUrl}/lis_skins`,
    TOYDESK_MARKET_ALLOW_IP_HOSTS: '1',
  });
  const account = (await (await control('POST', 'accounts', { currency: 'RUB', money: 100_000 })).json()) as {
    key: string;
  };
  accountId = await createMarketAccount(t.client, 'spend_tm', { market: 'tm', api_key: account.key });
  const lis = (await (
    await fetch(`${simUrl}/lis_skins/_control/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ money: '500' }),
    })
  ).json()) as { credential: string };
  lisCredential = lis.credential;
  lisAccountId = await createMarketAccount(t.client, 'spend_lis', {
    market: 'lis_skins',
    api_key: lisCredential,
    currency: 'USD',
  });
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});
beforeEach(async () => {
  const faults = (await (await control('GET', 'faults')).json()) as { id: string }[];
  for (const one of faults) await control('DELETE', `faults/${one.id}`);
  await t.services.db.query('DELETE FROM market_spend_guard');
});

describe('spending calls through the market proxy', () => {
  it('an HTML 502 after the purchase: answered done, with the custom_id the proxy added', async () => {
    await fault({ match: { path: '/api/v2/buy?' }, kind: 'html', phase: 'after', count: 1 });
    const reply = await proxied('api/v2/buy', { hash_name: NAME, price: '10000000' });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({ success: true, spend_state: 'done', call: 'buy' });
    const customId = String(reply.body.custom_id);
    expect(customId).toMatch(/^[0-9a-f-]{36}$/);
    expect(reply.headers.get('x-spend-state')).toBe('done');
    expect(reply.headers.get('x-spend-custom-id')).toBe(customId);
    expect(await buyInfo(customId)).toMatchObject({ success: true });
    expect(await spendRow(customId)).toMatchObject({ state: 'done', amount: '100000.000', source: 'proxy' });
  });

  it('a dropped connection and a JSON 500 after the purchase: done, never a bare 5xx', async () => {
    for (const [kind, customId] of [
      ['drop', 'drop-after-1'],
      ['status', 'status-after-1'],
    ] as const) {
      await fault({ match: { path: '/api/v2/buy?' }, kind, status: 500, phase: 'after', count: 1 });
      const reply = await proxied('api/v2/buy', { hash_name: NAME, price: '10000000', custom_id: customId });
      expect(reply.status, reply.text).toBe(200);
      expect(reply.body).toMatchObject({ spend_state: 'done', custom_id: customId });
      expect(typeof reply.body.id).toBe('string');
      expect(await spendRow(customId)).toMatchObject({ state: 'done' });
    }
  });

  it('a gateway timeout (504) not yet seen by custom_id is unknown, never not done', async () => {
    await fault({ match: { path: '/api/v2/buy?' }, kind: 'status', status: 504, count: 1 });
    const reply = await proxied('api/v2/buy', { hash_name: NAME, price: '10000000', custom_id: 'gw-1' });
    expect(reply.status, reply.text).toBe(502);
    expect(reply.body).toMatchObject({ spend_state: 'unknown', custom_id: 'gw-1' });
    expect(await spendRow('gw-1')).toMatchObject({ state: 'unknown' });
  });

  it('a 503 before the purchase: not done (409); the retry with the same custom_id buys once', async () => {
    await fault({ match: { path: '/api/v2/buy?' }, kind: 'status', status: 503, count: 1 });
    const reply = await proxied('api/v2/buy', { hash_name: NAME, price: '10000000', custom_id: 'before-1' });
    expect(reply.status, reply.text).toBe(409);
    expect(reply.body).toMatchObject({ spend_state: 'not_done', custom_id: 'before-1' });
    expect(String(reply.body.detail)).toContain('same custom_id');
    expect(await buyInfo('before-1')).toMatchObject({ success: false });
    expect(await spendRow('before-1')).toMatchObject({ state: 'not_done' });

    const retry = await proxied('api/v2/buy', { hash_name: NAME, price: '10000000', custom_id: 'before-1' });
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body).toMatchObject({ success: true });
    expect(retry.headers.get('x-spend-state')).toBe('done');
    expect(await spendRow('before-1')).toMatchObject({ state: 'done' });
    // Once done, the same custom_id is answered from the record, not sent again.
    const again = await proxied('api/v2/buy', { hash_name: NAME, price: '10000000', custom_id: 'before-1' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ spend_state: 'done' });
  });

  it('the lookup fails too: unknown (502) with an alert, and the call stays counted', async () => {
    await fault({ match: { path: '/api/v2/buy?' }, kind: 'drop', phase: 'after', count: 1 });
    await fault({ match: { path: 'get-buy-info-by-custom-id' }, kind: 'status', status: 503, count: 5 });
    const reply = await proxied('api/v2/buy', { hash_name: NAME, price: '10000000', custom_id: 'unknown-1' });
    expect(reply.status, reply.text).toBe(502);
    expect(reply.body).toMatchObject({ spend_state: 'unknown', custom_id: 'unknown-1' });
    expect(String(reply.body.detail)).toContain('money may be gone');
    expect(await spendRow('unknown-1')).toMatchObject({ state: 'unknown' });
    const alerts = await t.services.db.query<{ kind: string; details: Record<string, unknown> }>(
      `SELECT kind, details FROM bot_alert WHERE kind = 'spend-unknown' AND market_account = $1`,
      [accountId],
    );
    expect(alerts[0]?.details).toMatchObject({ custom_id: 'unknown-1', call: 'buy' });
    // A retry while it is being checked is not sent again (its answer would settle this call wrongly).
    const retry = await proxied('api/v2/buy', { hash_name: NAME, price: '10000000', custom_id: 'unknown-1' });
    expect(retry.status, retry.text).toBe(409);
    expect(retry.body).toMatchObject({ spend_state: 'unknown', custom_id: 'unknown-1' });
    expect(await spendRow('unknown-1')).toMatchObject({ state: 'unknown' });
  });

  it('set-order whose answer is lost is read back from the orders', async () => {
    await fault({ match: { path: '/api/v2/set-order?' }, kind: 'html', phase: 'after', count: 1 });
    const reply = await proxied('api/v2/set-order', {
      market_hash_name: NAME,
      count: '1',
      price: '1000',
      custom_id: 'order-1',
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({ spend_state: 'done', custom_id: 'order-1', call: 'set-order' });
  });

  it('the daily cap refuses before anything is sent, with an alert naming the toy, price and guard', async () => {
    await t.services.db.query(
      `INSERT INTO market_spend_guard (market_account, daily_cap, currency) VALUES ($1, 50, 'RUB')`,
      [accountId],
    );
    const reply = await proxied('api/v2/buy', { hash_name: NAME, price: '10000', custom_id: 'cap-1' });
    expect(reply.status, reply.text).toBe(409);
    expect(reply.body).toMatchObject({ spend_state: 'not_done', guard: 'daily-cap' });
    expect(await buyInfo('cap-1')).toMatchObject({ success: false });
    expect(await spendRow('cap-1')).toBeUndefined();
    const [alert] = await t.services.db.query<{ message: string; details: Record<string, unknown> }>(
      `SELECT message, details FROM bot_alert WHERE kind = 'spend-guard' AND market_account = $1`,
      [accountId],
    );
    expect(alert?.details).toMatchObject({ guard: 'daily-cap', toy: NAME, price: '100.00' });
    expect(alert?.message).toContain(NAME);

    // A buy order is held against the cap (price × count) but counts as spent only when filled. (The earlier
    // tests' buys are today's spending of this account: forgotten here, so the cap has room.)
    await t.services.db.query('DELETE FROM market_spend WHERE market_account = $1', [accountId]);
    const order = await proxied('api/v2/set-order', { market_hash_name: NAME, count: '3', price: '1000' });
    expect(order.status, order.text).toBe(200);
    expect(await spendRow(String(order.headers.get('x-spend-custom-id')))).toMatchObject({
      state: 'done',
      amount: '0.000',
    });
    const big = await proxied('api/v2/set-order', { market_hash_name: NAME, count: '1', price: '6000' });
    expect(big.status, big.text).toBe(409);
    expect(big.body).toMatchObject({ guard: 'daily-cap' });
    // Deleting the order spends nothing: never refused.
    const removed = await proxied('api/v2/set-order', { market_hash_name: NAME, count: '3', price: '0' });
    expect(removed.status, removed.text).toBe(200);
  });

  it('the price guard refuses a buy above the allowed share of the lowest listing', async () => {
    await t.services.db.query(
      `INSERT INTO market_spend_guard (market_account, currency, max_price_percent) VALUES ($1, 'RUB', 130)`,
      [accountId],
    );
    const reply = await proxied('api/v2/buy', { hash_name: NAME, price: '10000000', custom_id: 'price-1' });
    expect(reply.status, reply.text).toBe(409);
    expect(reply.body).toMatchObject({ spend_state: 'not_done', guard: 'max-price' });
    expect(await buyInfo('price-1')).toMatchObject({ success: false });
  });

  it('money-send: the server adds the payment password; a drop after the transfer is found by custom_id', async () => {
    const payer = (await (
      await control('POST', 'accounts', { currency: 'RUB', money: 5_000, payPassword: 'pay-secret-1' })
    ).json()) as { key: string };
    const receiver = (await (await control('POST', 'accounts', { currency: 'RUB' })).json()) as {
      key: string;
    };
    const accountId = await createMarketAccount(t.client, 'spend_payer', {
      market: 'tm',
      api_key: payer.key,
      pay_password: 'pay-secret-1',
    });
    await fault({ match: { path: '/api/v2/money-send/' }, kind: 'drop', phase: 'after', count: 1 });
    const reply = await t.client.get<Record<string, unknown>>(
      `/api/market-proxy/api/v2/money-send/200000/${receiver.key}?custom_id=send-1`,
      { headers: { 'x-market': 'tm', 'x-market-account': String(accountId) } },
    );
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({ spend_state: 'done', custom_id: 'send-1', call: 'money-send' });
    expect(reply.text).not.toContain(receiver.key);
    expect(reply.text).not.toContain('pay-secret-1');
    expect(await spendRow('send-1')).toMatchObject({ state: 'done', amount: '2000.000' });
    // The proxy writes its audit entry once the answer is sent: wait for it rather than race it.
    const audit = await vi.waitFor(async () => {
      const text = JSON.stringify(
        await t.services.db.query(`SELECT * FROM audit_entry WHERE entity = 'market_proxy'`),
      );
      expect(text).toContain('money-send/200000/***');
      return text;
    });
    expect(audit).not.toContain(receiver.key);
    expect(audit).not.toContain('pay-secret-1');
  });

  it('Lis-skins: a buy whose connection drops after the purchase is found by custom_id (added by the proxy)', async () => {
    const search = await t.client.get<{ data: { id: string | number }[] }>(
      `/api/market-proxy/v1/market/search?game=csgo&names%5B%5D=${encodeURIComponent(NAME)}`,
      { headers: { 'x-market': 'lis_skins', 'x-market-account': String(lisAccountId) } },
    );
    expect(search.status, search.text).toBe(200);
    const skin = search.body.data[0]!;
    await fetch(`${simUrl}/lis_skins/_control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ match: { path: '/v1/market/buy' }, kind: 'drop', phase: 'after', count: 1 }),
    });
    const reply = await t.client.post<Record<string, unknown>>(
      '/api/market-proxy/v1/market/buy',
      { ids: [Number(skin.id)], partner: '1234567', token: 'AbCd1234', max_price: 100 },
      { headers: { 'x-market': 'lis_skins', 'x-market-account': String(lisAccountId) } },
    );
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({ spend_state: 'done', call: 'buy' });
    expect(await spendRow(String(reply.body.custom_id))).toMatchObject({ state: 'done', amount: '100.000' });
  });

  it('bad spending input is a 400 and nothing is written', async () => {
    const before = await t.services.db.query('SELECT id FROM market_spend');
    const bad: Record<string, string>[] = [
      { hash_name: NAME, price: '10000000', custom_id: 'bad id with spaces' },
      { hash_name: NAME, price: '-5' },
      { hash_name: NAME, price: '12.5' },
      { price: '100' },
    ];
    for (const query of bad) {
      const reply = await proxied('api/v2/buy', query);
      expect(reply.status, JSON.stringify(query)).toBe(400);
    }
    expect(await t.services.db.query('SELECT id FROM market_spend')).toHaveLength(before.length);
  });
});
