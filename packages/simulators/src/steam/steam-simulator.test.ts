import { SteamSimulatorGateway } from '@toydesk/steam';
import { steamGuardCodeAt } from '@toydesk/steam/wire';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createSimClock as createMarketClock } from '../clock/sim-clock.ts';
import { SteamSimControlClient } from './control/control-client.ts';
import {
  registerSteamSimulator,
  createSteamSimulator,
  type SteamSimulatorServer,
} from './steam-simulator.ts';

describe('steam simulator: HTTP surface and control API', () => {
  let server: SteamSimulatorServer;
  let base: string;
  let control: SteamSimControlClient;
  beforeAll(async () => {
    server = await createSteamSimulator();
    base = await server.listen({ port: 0 });
    control = new SteamSimControlClient(base);
  });
  afterAll(() => server.close());

  it('listens under /steam-sim and lists its control routes', async () => {
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/steam-sim$/);
    const routes = await control.call<{ routes: { method: string; path: string }[] }>('GET', '');
    expect(routes.routes).toEqual(
      expect.arrayContaining([
        { method: 'POST', path: '/accounts' },
        { method: 'POST', path: '/clock/advance' },
      ]),
    );
    expect((await fetch(`${base}/community/nowhere`)).status).toBe(404);
    expect((await fetch(`${base}/_control/nowhere`)).status).toBe(404);
  });

  it('creates accounts with and without the authenticator and validates control input', async () => {
    const withGuard = await control.createAccount({ items: 2, wallet: { currency: 1, balanceMinor: 999 } });
    expect(withGuard.sharedSecret).toMatch(/=$/);
    expect(withGuard.identitySecret).toMatch(/=$/);
    expect(withGuard.phone).toMatch(/^\+7900\d{7}$/);
    expect(withGuard.items).toHaveLength(2);
    expect(withGuard.tradeUrl).toBe(
      `https://steamcommunity.com/tradeoffer/new/?partner=${withGuard.accountId}&token=${withGuard.tradeToken}`,
    );
    expect(withGuard.wallet).toEqual({ currency: 1, balanceMinor: 999 });
    const bare = await control.createAccount({ twoFactor: false });
    expect(bare).toMatchObject({
      sharedSecret: null,
      identitySecret: null,
      revocationCode: null,
      phone: null,
    });
    await expect(control.createAccount({ items: 'many' })).rejects.toThrow(/400/);
    await expect(control.createAccount({ accountName: withGuard.accountName })).rejects.toThrow(/exists/);
    await expect(control.config({ nope: 1 })).rejects.toThrow(/unknown config key/);
    await expect(control.fault({ kind: 'explode' })).rejects.toThrow(/400/);
    await expect(control.lastSms(bare.accountName)).rejects.toThrow(/404/);
  });

  it('a raw login at the simulator: one JSON call, EResults as Steam names them', async () => {
    const account = await control.createAccount();
    const time = Math.floor((await control.call<{ now: number }>('GET', 'clock')).now / 1000);
    const login = async (fields: Record<string, string>) =>
      (
        await fetch(`${base}/login/credentials`, { method: 'POST', body: new URLSearchParams(fields) })
      ).json() as Promise<Record<string, unknown>>;
    expect(await login({ account_name: account.accountName, password: 'x' })).toMatchObject({
      success: false,
      eresult: 5,
    });
    const ok = await login({
      account_name: account.accountName,
      password: account.password,
      two_factor_code: steamGuardCodeAt(account.sharedSecret ?? '', time),
    });
    expect(ok).toMatchObject({ success: true, steamid: account.steamId, account_name: account.accountName });
  });

  it('answers the partner’s side: incoming offers, accept and decline as the partner', async () => {
    const me = await control.createAccount({ items: 1 });
    const other = await control.createAccount({ items: 1 });
    const offer = await control.sendIncomingOffer(me.accountName, {
      from: other.accountName,
      assets: [other.items[0]?.assetid],
      message: 'hi',
    });
    expect((await control.offers(me.accountName)).offers).toMatchObject([
      { tradeofferid: offer.tradeofferid, trade_offer_state: 2 },
    ]);
    expect((await control.acceptOfferAsPartner(offer.tradeofferid)).state).toBe(3);
    await expect(control.declineOfferAsPartner(offer.tradeofferid)).rejects.toThrow(/409/);
    const dump = await control.account(me.accountName);
    expect((dump.items as unknown[]).length).toBe(2);
  });

  it('injects faults by path, account, share and count; after-phase faults change the state first', async () => {
    const gateway = new SteamSimulatorGateway({ baseUrl: base });
    try {
      const account = await control.createAccount();
      const session = await gateway.login({
        accountName: account.accountName,
        password: account.password,
        sharedSecret: account.sharedSecret,
      });
      // the order is made, then the answer is a 500: the gateway finds the order
      const fault = await control.fault({
        kind: 'status',
        status: 500,
        match: { path: '/community/market/createbuyorder' },
        phase: 'after',
        count: 1,
      });
      expect(
        await gateway.createBuyOrder(session, {
          marketHashName: 'Chroma 2 Case',
          priceMinor: 10,
          quantity: 1,
          currencyId: 5,
        }),
      ).toMatchObject({
        status: 'created',
        recovered: true,
      });
      // the connection drops before the order is made: nothing found, safe to retry
      await control.fault({ kind: 'drop', match: { path: '/community/market/createbuyorder' }, count: 1 });
      const dropped = gateway.createBuyOrder(session, {
        marketHashName: 'Prisma 2 Case',
        priceMinor: 10,
        quantity: 1,
        currencyId: 5,
      });
      await expect(dropped).rejects.toMatchObject({
        kind: 'http',
        status: null,
        message: expect.stringMatching(/safe to retry/),
      });
      expect((await gateway.getMyListings(session)).buyOrders).toHaveLength(1);
      const listed = await control.call<{ faults: { id: string }[] }>('GET', 'faults');
      expect(listed.faults.map((entry) => entry.id)).not.toContain(fault.id);

      await control.fault({ kind: 'status', status: 503, share: 0, match: { path: '/community/market' } });
      expect((await gateway.getWalletBalance(session)).balanceMinor).toBe(100_000);
      await control.clearFaults();
      const stats = await control.stats();
      expect(stats.byAccount[account.accountName]).toBeGreaterThan(0);
      expect(stats.byRoute['POST /community/market/createbuyorder']).toBe(2);
    } finally {
      await gateway.close();
    }
  });

  it('resets to an empty world', async () => {
    await control.createAccount();
    await control.reset();
    expect((await control.call<{ accounts: unknown[] }>('GET', 'accounts')).accounts).toEqual([]);
    expect((await control.stats()).totalRequests).toBe(0);
  });
});

describe('steam simulator mounted in another Fastify app, sharing the marketplace simulators’ clock', () => {
  it('serves under any prefix and moves with the shared clock', async () => {
    const app = Fastify();
    app.get('/health', async () => ({ ok: true }));
    const clock = createMarketClock();
    const sim = await registerSteamSimulator(app, {
      prefix: '/sims/steam',
      clock,
      config: { loginRateLimit: { max: 100 } },
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = `${address}/sims/steam`;
      const control = new SteamSimControlClient(base);
      const account = await control.createAccount();
      const gateway = new SteamSimulatorGateway({ baseUrl: base });
      const session = await gateway.login({
        accountName: account.accountName,
        password: account.password,
        sharedSecret: account.sharedSecret,
      });
      clock.advance(25 * 3_600_000);
      await expect(gateway.getWalletBalance(session)).rejects.toMatchObject({ kind: 'session_expired' });
      // Both read the running clock: the simulator's time lies between two reads of the shared one (equal
      // reads failed now and then when a millisecond ticked between them).
      const before = clock.now();
      const simulated = sim.world.now();
      expect(simulated).toBeGreaterThanOrEqual(before);
      expect(simulated).toBeLessThanOrEqual(clock.now());
      expect(await (await fetch(`${address}/health`)).json()).toEqual({ ok: true });
      await gateway.close();
    } finally {
      await app.close();
    }
  });
});
