import type { SimCreatedAccount, SteamSimControlClient } from '@toydesk/simulators';
import * as steam from '@toydesk/steam/market';
import { formatSteamPrice, parseSteamPrice } from '@toydesk/steam/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { UnsupportedCapabilityError } from '../market.ts';
import { MarketApiError, MarketAuthError } from '../kit/market-errors.ts';
import { expectFailure } from '../testing/expect-failure.ts';
import { startSteamMarketSim, type MarketSim } from '../testing/market-sim.ts';
import { SteamMarket } from './steam-market.ts';

let sim: MarketSim<SteamSimControlClient>;
let account: SimCreatedAccount & { credential: string; sessionid: string; steamLoginSecure: string };
let market: SteamMarket;
const NAME = 'AK-47 | Redline (Field-Tested)';
const OTHER = 'Glock-18 | Water Elemental (Field-Tested)';

/** The simulated Steam's buy orders of the account still standing (active or waiting for a confirmation). */
const standingOrders = async () =>
  ((await sim.control.account(account.accountName)).buyOrders as { status: string; price: number }[]).filter(
    (order) => order.status === 'active' || order.status === 'needs_confirmation',
  );

beforeAll(async () => {
  sim = await startSteamMarketSim({ priceOverviewRateLimit: { max: 10_000 } });
  const created = await sim.control.createAccount({
    wallet: { currency: 1, balanceMinor: 2000 },
    items: [{ name: NAME }, { name: NAME }],
  });
  const session = await sim.control.webSession(created.accountName);
  account = { ...created, ...session, credential: session.cookie };
  market = new SteamMarket(sim.config(account.credential));
});
afterAll(() => sim.close());

describe('SteamMarket against the simulator', () => {
  it('offers prices, listings, list_for_sale, buy_orders and balance; the rest is unsupported', async () => {
    expect([...market.capabilities].sort()).toEqual([
      'balance',
      'buy_orders',
      'list_for_sale',
      'listings',
      'prices',
    ]);
    await expect(market.setPrices([{ listing_id: '1', price: '1' }])).rejects.toBeInstanceOf(
      UnsupportedCapabilityError,
    );
    await expect(market.getInventory()).rejects.toThrow('steam does not offer inventory');
    await expect(market.getHistory(new Date(0), new Date())).rejects.toBeInstanceOf(
      UnsupportedCapabilityError,
    );
  });

  it('keeps the cookie session given as the credential', () => {
    expect(market.session.sessionId).toBe(account.sessionid);
    expect(market.session.cookies).toContain(`steamLoginSecure=${account.steamLoginSecure}`);
    expect(market.session.steamId).toBe(account.steamId);
    const credential = 'steamLoginSecure=x';
    expect(() => new SteamMarket(sim.config(credential))).toThrow(/sessionid and steamLoginSecure/);
  });

  it('reads the wallet from the market page', async () => {
    expect(await market.getBalance()).toEqual({ amount: '20.00', currency: 'USD', on_hold: null });
  });

  it('treats a dead session as an auth error (a redirect to the login, and a logged-out market page)', async () => {
    const dead = new SteamMarket(
      sim.config('sessionid=abc; steamLoginSecure=76561198000000000%7C%7Cexpired'),
    );
    await expectFailure(dead.getListings(), MarketAuthError, { code: 'not_logged_in' });
    await expectFailure(dead.getBalance(), MarketAuthError, { code: 'not_logged_in' });
  });

  it('refuses a POST whose sessionid form field does not match the cookie (403)', async () => {
    const reply = await fetch(`${sim.endpoint.baseUrl}/market/createbuyorder/`, {
      method: 'POST',
      headers: { cookie: account.credential, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        sessionid: 'not-the-cookie',
        currency: '1',
        appid: '730',
        market_hash_name: NAME,
        price_total: '10',
        quantity: '1',
      }),
    });
    expect(reply.status).toBe(403);
    expect(await reply.text()).toContain('invalid session id');
    expect(await standingOrders()).toEqual([]);
  });

  it('parses priceoverview strings in USD, EUR and RUB', async () => {
    const [usd] = await market.getPrices([NAME]);
    expect(usd).toMatchObject({ market_hash_name: NAME, currency: 'USD', buy_order: null });
    expect(usd?.price).toMatch(/^\d+\.\d{2}$/);
    expect(usd?.volume).toBeGreaterThan(0);
    const rub = new SteamMarket({ ...sim.config(account.credential), currency: 'RUB' });
    const [inRub] = await rub.getPrices([NAME]);
    expect(inRub?.currency).toBe('RUB');
    expect(Number(inRub?.price)).toBeGreaterThan(Number(usd?.price) * 50);
    const eur = new SteamMarket({ ...sim.config(account.credential), currency: 'EUR' });
    expect((await eur.getPrices([NAME]))[0]?.price).toMatch(/^\d+\.\d{2}$/);
    expect(await market.getPrices(['No Such Item'])).toEqual([
      { market_hash_name: 'No Such Item', price: null, buy_order: null, currency: 'USD', volume: null },
    ]);
    expect(parseSteamPrice(formatSteamPrice(123_456, 5))).toBe(123_456);
  });

  it('lists at what the seller receives; a listing waits for confirmation, then is on sale', async () => {
    const [first, second] = account.items.map((item) => item.assetid);
    const results = await market.listForSale([
      { asset_id: first!, price: '1.001' },
      { asset_id: 'gone', price: '1' },
    ]);
    expect(results[0]).toMatchObject({ asset_id: first, error: null });
    expect(results[0]?.listing_id).toMatch(/^\d+$/);
    expect(results[1]).toMatchObject({ listing_id: null });
    expect(results[1]?.error).toMatch(/no longer in your inventory/);
    expect(await market.getListings()).toEqual([
      expect.objectContaining({ listing_id: results[0]?.listing_id, price: '1.01', status: 'unknown' }),
    ]);
    await sim.control.acceptConfirmations(account.accountName);
    expect((await market.getListings())[0]).toMatchObject({ status: 'on_sale', asset_id: first });
    await market.removeListing(results[0]!.listing_id!);
    expect(await market.getListings()).toEqual([]);
    expect(second).toBeDefined();
  });

  it('lists once when the connection drops after the listing was made', async () => {
    const asset = account.items[1]!.assetid;
    await sim.dropAnswerOnce({ path: '/market/sellitem' });
    const [result] = await market.listForSale([{ asset_id: asset, price: '2' }]);
    expect(result).toMatchObject({ asset_id: asset, error: null });
    expect(await market.getListings()).toHaveLength(1);
  });

  it('places (price_total = unit × quantity), keeps, replaces and cancels buy orders', async () => {
    const placed = await market.setBuyOrder({ market_hash_name: NAME, price: '0.459', count: 3 });
    expect(placed).toMatchObject({ market_hash_name: NAME, price: '0.45', count: 3, currency: 'USD' });
    expect(await standingOrders()).toEqual([expect.objectContaining({ price: 45, quantity: 3 })]);
    expect((await market.setBuyOrder({ market_hash_name: NAME, price: '0.45', count: 3 }))?.order_id).toBe(
      placed?.order_id,
    );
    const replaced = await market.setBuyOrder({ market_hash_name: NAME, price: '0.5', count: 2 });
    expect(replaced?.order_id).not.toBe(placed?.order_id);
    expect(await market.getBuyOrders()).toEqual([replaced]);
    expect(await market.setBuyOrder({ market_hash_name: NAME, price: '0', count: 2 })).toBeNull();
    expect(await market.getBuyOrders()).toEqual([]);
  });

  it('answers code 29 for a second order of one item and code 25 above 10× the wallet', async () => {
    const order = (priceMinor: number) =>
      steam.createBuyOrder(market.web, market.session, {
        marketHashName: OTHER,
        currencyId: 1,
        priceMinor,
        quantity: 1,
      });
    const first = await order(10);
    expect(first).toMatchObject({ status: 'created', recovered: false });
    await expectFailure(order(11), steam.SteamError, { eresult: 29 });
    await steam.cancelBuyOrder(market.web, market.session, (first as { buyOrderId: string }).buyOrderId);
    await expectFailure(
      market.setBuyOrder({ market_hash_name: OTHER, price: '100', count: 3 }),
      MarketApiError,
      { code: '25' },
    );
  });

  it('on code 8 looks for the order first and finds it: one order, one call', async () => {
    await sim.control.fault({
      match: { path: '/market/createbuyorder' },
      kind: 'eresult',
      eresult: 8,
      phase: 'after',
      count: 1,
    });
    const order = await market.setBuyOrder({ market_hash_name: OTHER, price: '0.3', count: 1 });
    expect(order).toMatchObject({ market_hash_name: OTHER, price: '0.30', count: 1 });
    expect(await standingOrders()).toHaveLength(1);
  });

  it('places one order when the connection drops after Steam created it', async () => {
    await market.setBuyOrder({ market_hash_name: OTHER, price: '0', count: 1 });
    const calls = async () =>
      (await sim.control.stats()).byRoute['POST /community/market/createbuyorder'] ?? 0;
    const before = await calls();
    await sim.dropAnswerOnce({ path: '/market/createbuyorder' });
    const order = await market.setBuyOrder({ market_hash_name: OTHER, price: '0.25', count: 2 });
    expect(order).toMatchObject({ price: '0.25', count: 2 });
    expect(await standingOrders()).toHaveLength(1);
    expect((await calls()) - before).toBe(1);
  });
});

describe('Steam simulator priceoverview limit', () => {
  it('refuses a second call within 3 s with 429 and counts it', async () => {
    const strict = await startSteamMarketSim({ priceOverviewRateLimit: { max: 1, windowMs: 3000 } });
    try {
      const acc = await strict.control.createAccount();
      const m = new SteamMarket(strict.config((await strict.control.webSession(acc.accountName)).cookie));
      await m.getPrices([NAME]);
      const error = await m.getPrices([NAME]).catch((e: unknown) => e);
      expect((error as MarketApiError).status).toBe(429);
      expect((await strict.control.stats()).rateLimited.priceOverview).toBe(2);
    } finally {
      await strict.close();
    }
  });
});
