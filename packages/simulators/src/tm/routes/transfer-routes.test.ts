import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { StatsSnapshot } from '../stats/sim-stats.ts';
import { startHarness, type Harness } from '../../test-support/sim-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const money = async (key: string) => (await h.v2<{ money: number }>('get-money', { key })).money;

describe('money-send', () => {
  it('refuses an unset or wrong pay password with wrong_payment_password', async () => {
    const from = await h.account({ money: 5000 });
    const to = await h.account();
    expect(await h.v2(`money-send/100000/${to.key}`, { key: from.key, pay_pass: 'x' })).toEqual({
      success: false,
      error: 'wrong_payment_password',
    });
    await h.v2('set-pay-password', { key: from.key, new_password: 'secret1' });
    expect(await h.v2(`money-send/100000/${to.key}`, { key: from.key, pay_pass: 'wrong' })).toEqual({
      success: false,
      error: 'wrong_payment_password',
    });
    expect(await money(from.key)).toBe(5000);
  });

  it('sends minor units, answers {success, from, to, amount} and records both sides', async () => {
    const from = await h.account({ money: 5000, payPassword: 'pw' });
    const to = await h.account({ money: 1 });
    const reply = await h.v2(`money-send/150000/${to.key}`, { key: from.key, pay_pass: 'pw' });
    expect(reply).toEqual({ success: true, from: from.userId, to: to.userId, amount: 150000 });
    expect(await money(from.key)).toBe(3500);
    expect(await money(to.key)).toBe(1501);
    const history = await h.v2<{ data: Record<string, unknown>[] }>('money-send-history/0', {
      key: from.key,
    });
    expect(history.data[0]).toMatchObject({
      from: from.userId,
      to: to.userId,
      amount_from: 150000,
      currency_from: 'RUB',
      amount_to: 150000,
      currency_to: 'RUB',
    });
    expect(await h.v2('money-send-history/1', { key: from.key })).toEqual({ success: true, data: [] });
    const operations = await h.v2<{ data: { event: string }[] }>('operation-history', {
      key: to.key,
      date: 0,
    });
    expect(operations.data.map((entry) => entry.event)).toEqual(['transfer_in']);
  });

  it('converts between currencies at the fixed rate and enforces the minimum', async () => {
    const from = await h.account({ money: 10_000, payPassword: 'pw' });
    const usd = await h.account({ currency: 'USD' });
    expect(await h.v2(`money-send/99999/${usd.key}`, { key: from.key, pay_pass: 'pw' })).toMatchObject({
      success: false,
      error: 'amount_too_small',
    });
    await h.v2(`money-send/900000/${usd.key}`, { key: from.key, pay_pass: 'pw' });
    expect(await money(usd.key)).toBe(100);
    // operation-history: each side in its own currency, naming the other end (never itself) in `for`.
    const operations = async (key: string) =>
      (await h.v2<{ data: Record<string, unknown>[] }>('operation-history', { key, date: 0 })).data;
    expect(await operations(from.key)).toMatchObject([
      { event: 'transfer_out', currency: 'RUB', paid: 900000, for: usd.userId },
    ]);
    expect(await operations(usd.key)).toMatchObject([
      { event: 'transfer_in', currency: 'USD', paid: 100000, received: 100000, for: from.userId },
    ]);
    const back = await h.v2(`money-send/9999/${from.key}`, { key: usd.key, pay_pass: 'x' });
    expect(back).toMatchObject({ success: false, error: 'wrong_payment_password' });
    await h.control('PATCH', `accounts/${usd.key}`, { payPassword: 'pw' });
    expect(await h.v2(`money-send/9999/${from.key}`, { key: usd.key, pay_pass: 'pw' })).toMatchObject({
      error: 'amount_too_small',
    });
    expect(await h.v2(`money-send/10000/${from.key}`, { key: usd.key, pay_pass: 'pw' })).toMatchObject({
      success: true,
      amount: 10000,
    });
    expect(await money(from.key)).toBe(1900);
  });

  it('refuses unknown targets and missing money', async () => {
    const from = await h.account({ money: 1500, payPassword: 'pw' });
    const to = await h.account();
    expect(await h.v2(`money-send/100000/ffff`, { key: from.key, pay_pass: 'pw' })).toMatchObject({
      error: 'user_not_found',
    });
    expect(await h.v2(`money-send/200000/${to.key}`, { key: from.key, pay_pass: 'pw' })).toMatchObject({
      error: 'not_enough_money',
    });
    expect(await h.v2(`money-send/abc/${to.key}`, { key: from.key, pay_pass: 'pw' })).toMatchObject({
      error: 'bad_input',
    });
  });

  it('is idempotent per custom_id: a repeat answers the first result and moves nothing', async () => {
    const from = await h.account({ money: 5000, payPassword: 'pw' });
    const to = await h.account();
    const query = { key: from.key, pay_pass: 'pw', custom_id: 'pay-42' };
    const first = await h.v2(`money-send/100000/${to.key}`, query);
    const second = await h.v2(`money-send/100000/${to.key}`, query);
    expect(second).toEqual(first);
    expect(await money(from.key)).toBe(4000);
    expect(await money(to.key)).toBe(1000);
    const info = await h.v2('get-info-money-send-by-custom-id', { key: from.key, custom_id: 'pay-42' });
    expect(info).toMatchObject({ success: true, data: { amount_from: 100000, custom_id: 'pay-42' } });
    expect(
      await h.v2('get-info-money-send-by-custom-id', { key: from.key, custom_id: 'nope' }),
    ).toMatchObject({
      success: false,
      error: 'not_found',
    });
    const stats = (await h.control<StatsSnapshot>('GET', 'stats')).body;
    expect(stats.keys[from.key]?.moneySends.byCustomId['pay-42']).toEqual({ calls: 2, effects: 1 });
    expect(stats.duplicateEffects).toBe(0);
  });
});
