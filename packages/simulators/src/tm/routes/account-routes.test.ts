import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from '../../test-support/sim-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('account calls', () => {
  it('get-money: a float in major units with money_settlement, RUB and USD', async () => {
    const rub = await h.account({ currency: 'RUB', money: 1234.56 });
    expect(await h.v2('get-money', { key: rub.key })).toEqual({
      money: 1234.56,
      money_settlement: 0,
      currency: 'RUB',
      success: true,
    });
    const usd = await h.account({ currency: 'USD', money: 12.345 });
    expect(await h.v2('get-money', { key: usd.key })).toMatchObject({ money: 12.345, currency: 'USD' });
    expect(usd.moneyMinor).toBe(12345);
  });

  it('get-money refuses a cur other than the account currency', async () => {
    const { key } = await h.account();
    expect(await h.v2('get-money', { key, cur: 'USD' })).toMatchObject({
      success: false,
      error: 'wrong_currency',
    });
    expect(await h.v2('get-money', { key, cur: 'RUB' })).toMatchObject({ success: true });
  });

  it('answers Bad KEY with HTTP 200 on every keyed method, GET and POST, v2 and legacy', async () => {
    for (const path of ['/api/v2/get-money', '/api/v2/items', '/api/GetInv', '/api/Test']) {
      const reply = await h.request('GET', h.url(path, { key: 'nope' }));
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ success: false, error: 'Bad KEY' });
    }
    const noKey = await h.request('GET', h.url('/api/v2/get-money'));
    expect(noKey.body).toEqual({ success: false, error: 'Bad KEY' });
    const ping = await h.postJson('/api/v2/ping-new', { key: 'nope' }, { access_token: 'x' });
    expect(ping.body).toEqual({ success: false, error: 'Bad KEY' });
    const mass = await h.postForm('/api/MassSetPriceById', { key: 'nope' }, 'list[1]=100');
    expect(mass.body).toEqual({ success: false, error: 'Bad KEY' });
  });

  it('get-token and set-trade-token (8 characters)', async () => {
    const { key, tradeToken } = await h.account();
    expect(await h.v2('get-token', { key })).toEqual({ success: true, token: tradeToken });
    expect(await h.v2('set-trade-token', { key, token: 'Ab3_-xYz' })).toEqual({
      success: true,
      token: 'Ab3_-xYz',
    });
    expect(await h.v2('get-token', { key })).toEqual({ success: true, token: 'Ab3_-xYz' });
    expect(await h.v2('set-trade-token', { key, token: 'short' })).toMatchObject({
      success: false,
      error: 'bad_token',
    });
  });

  it('change-currency: 1005, 1004, 1001, 1003, balance, success, then 1007', async () => {
    const { key } = await h.account({ currency: 'RUB', money: 10 });
    expect(await h.v2('change-currency/XYZ', { key })).toMatchObject({ success: false, error: 1005 });
    expect(await h.v2('change-currency/RUB', { key })).toMatchObject({ success: false, error: 1004 });
    expect(await h.v2('change-currency/USD', { key })).toMatchObject({ success: false, error: 1002 });
    await h.control('POST', `accounts/${key}/money`, { set: 0 });
    const listed = await h.list(key, 5000);
    expect(await h.v2('change-currency/USD', { key })).toMatchObject({ success: false, error: 1001 });
    await h.v2('set-price', { key, item_id: listed.itemId, price: 0 });
    await h.control('PATCH', `accounts/${key}`, { pendingWithdrawal: true });
    expect(await h.v2('change-currency/USD', { key })).toMatchObject({ success: false, error: 1003 });
    await h.control('PATCH', `accounts/${key}`, { pendingWithdrawal: false });
    expect(await h.v2('change-currency/USD', { key })).toEqual({ success: true });
    expect(await h.v2('change-currency/EUR', { key })).toMatchObject({ success: false, error: 1007 });
    expect(await h.v2('get-money', { key })).toMatchObject({ currency: 'USD' });
  });

  it('get-my-steam-id, get-ws-token, GetWSAuth, GetMyProfileHash', async () => {
    const account = await h.account();
    const ids = await h.v2('get-my-steam-id', { key: account.key });
    expect(ids).toEqual({ success: true, steamid32: account.steamid32, steamid64: account.steamid });
    expect(account.steamid).toMatch(/^7656119\d{10}$/);
    expect(await h.v2('get-ws-token', { key: account.key })).toMatchObject({
      success: true,
      token: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const ws = await h.request('GET', h.url('/api/GetWSAuth/', { key: account.key }));
    expect(ws.body).toMatchObject({ success: true, wsAuth: expect.any(String) });
    const hash = await h.request('GET', h.url('/api/GetMyProfileHash/', { key: account.key }));
    expect(hash.body).toMatchObject({ success: true, hash: expect.any(String) });
  });

  it('set-pay-password: first set, wrong old password, change', async () => {
    const { key } = await h.account();
    expect(await h.v2('set-pay-password', { key })).toMatchObject({ success: false, error: 'bad_input' });
    expect(await h.v2('set-pay-password', { key, new_password: 'first1' })).toEqual({ success: true });
    expect(await h.v2('set-pay-password', { key, new_password: 'second2' })).toMatchObject({
      success: false,
      error: 'wrong_old_password',
    });
    expect(
      await h.v2('set-pay-password', { key, new_password: 'second2', old_password: 'bad' }),
    ).toMatchObject({
      success: false,
    });
    expect(await h.v2('set-pay-password', { key, new_password: 'second2', old_password: 'first1' })).toEqual({
      success: true,
    });
  });

  it('ping-new: POST JSON; too early; trade ban; missing token; GET is refused; go-offline', async () => {
    const { key } = await h.account();
    expect((await h.v2('test', { key })) as unknown).toMatchObject({ status: { site_online: false } });
    const first = await h.postJson(
      '/api/v2/ping-new',
      { key },
      { access_token: 'eyJ.token', proxy: 'http://p:1' },
    );
    expect(first.body).toMatchObject({ success: true, online: true, p2p: true });
    const again = await h.postJson('/api/v2/ping-new', { key }, { access_token: 'eyJ.token' });
    expect(again.body).toEqual({ success: false, message: 'too early for ping' });
    expect(await h.v2('test', { key })).toMatchObject({ status: { site_online: true, site_notmpban: true } });
    await h.advance(61_000);
    const missing = await h.postJson('/api/v2/ping-new', { key }, {});
    expect(missing.body).toMatchObject({ success: false, message: expect.any(String) });
    const viaGet = await h.request('GET', h.url('/api/v2/ping-new', { key }));
    expect(viaGet.status).toBe(405);
    await h.advance(5 * 60_000);
    expect(await h.v2('test', { key })).toMatchObject({ status: { site_online: false } });
    await h.postJson('/api/v2/ping-new', { key }, { access_token: 'eyJ.token' });
    expect(await h.v2('test', { key })).toMatchObject({ status: { site_online: true } });
    expect(await h.v2('go-offline', { key })).toEqual({ success: true });
    expect(await h.v2('test', { key })).toMatchObject({ status: { site_online: false } });

    const banned = await h.account();
    const until = Math.floor(Date.now() / 1000) + 7 * 86_400 + 3_600 * 24 * 30;
    await h.control('PATCH', `accounts/${banned.key}`, { tradeBanUntil: until });
    const ban = await h.postJson<{ message: string }>(
      '/api/v2/ping-new',
      { key: banned.key },
      { access_token: 't' },
    );
    expect(ban.body.message).toContain('You cant trade until');
    expect(await h.v2('test', { key: banned.key })).toMatchObject({ status: { site_notmpban: false } });
  });

  it('update-inventory reveals new items after 10–20 s of simulated time', async () => {
    const { key } = await h.account();
    await h.control('POST', `accounts/${key}/items`, { count: 2, visible: false });
    const hidden = await h.v2<{ items: unknown[] }>('my-inventory', { key });
    expect(hidden.items).toHaveLength(0);
    expect(await h.v2('update-inventory', { key })).toEqual({ success: true });
    expect((await h.v2<{ items: unknown[] }>('my-inventory', { key })).items).toHaveLength(0);
    await h.advance(20_001);
    expect((await h.v2<{ items: unknown[] }>('my-inventory', { key })).items).toHaveLength(2);
  });

  it('an unloaded inventory answers inventory_not_loaded until update-inventory', async () => {
    const { key } = await h.account({ inventory: 1, inventoryLoaded: false });
    expect(await h.v2('my-inventory', { key })).toEqual({ success: false, error: 'inventory_not_loaded' });
    await h.v2('update-inventory', { key });
    await h.advance(20_001);
    expect(await h.v2('my-inventory', { key })).toMatchObject({ success: true });
  });

  it('test (v2) and Test (legacy) report the status flags', async () => {
    const { key } = await h.account({ online: true });
    const expected = {
      success: true,
      status: { user_token: true, trade_check: true, site_online: true, site_notmpban: true },
    };
    expect(await h.v2('test', { key })).toMatchObject(expected);
    expect((await h.request('GET', h.url('/api/Test/', { key }))).body).toMatchObject(expected);
  });
});
