import { generateDmarketKeyPair } from '@toydesk/simulators';
import { describe, expect, it } from 'vitest';

import { MarketAuthError } from '../kit/market-errors.ts';
import { expectFailure } from '../testing/expect-failure.ts';
import { useSimulatedMarket } from '../testing/market-sim.ts';
import { DmarketMarket } from './dmarket-market.ts';
import { dmarketHeaders, parseDmarketCredential } from './dmarket-signing.ts';

const NAME = 'AK-47 | Redline (Field-Tested)';

// The functional tests lift the 20 RPS limit; the simulator's own tests cover it.
const bed = useSimulatedMarket('dmarket', DmarketMarket, {
  config: { rateLimits: { default: null, 'market-items': null } },
  account: { money: '42.42', names: [NAME, NAME] },
});

describe('DMarket signing', () => {
  it('reads "publicHex:secretHex" (64-byte NaCl secret or 32-byte seed) and refuses keys that do not match', () => {
    const [pub, secret] = bed.account.credential.split(':') as [string, string];
    expect(parseDmarketCredential(bed.account.credential).publicKey).toBe(pub);
    expect(parseDmarketCredential(`${pub}:${secret.slice(0, 64)}`).publicKey).toBe(pub);
    expect(() => parseDmarketCredential(`${'0'.repeat(64)}:${secret}`)).toThrow(/does not belong/);
    expect(() => parseDmarketCredential('nope')).toThrow(/publicKeyHex:secretKeyHex/);
  });

  it('signs METHOD + path?query + body + timestamp with the X-Sign-Date it sends', () => {
    const keys = parseDmarketCredential(bed.account.credential);
    const headers = dmarketHeaders(
      keys,
      { method: 'GET', pathAndQuery: '/account/v1/balance', body: '' },
      1_700_000_000_999,
    );
    expect(headers['x-api-key']).toBe(keys.publicKey);
    expect(headers['x-sign-date']).toBe('1700000000');
    expect(headers['x-request-sign']).toMatch(/^dmar ed25519 [0-9a-f]{128}$/);
  });
});

describe('DmarketMarket against the simulator', () => {
  it('flags every capability but buy (buying a listing outright is not implemented)', () => {
    expect(bed.market.capabilities.has('buy')).toBe(false);
    expect(bed.market.capabilities.size).toBe(8);
  });

  it('reads the balance (a dollar decimal string, as real answers carry it) as dollars', async () => {
    expect(await bed.market.getBalance()).toEqual({ amount: '42.42', currency: 'USD', on_hold: null });
    expect(await bed.market.client.getBalance()).toMatchObject({ usd: '42.42', dmc: '0.00' });
  });

  it('is refused with a stale X-Sign-Date and with an unknown key', async () => {
    const stale = new DmarketMarket({
      ...bed.sim.config(bed.account.credential),
      now: () => Date.now() - 10 * 60_000,
    });
    await expectFailure(stale.getBalance(), MarketAuthError, { code: 'RequestExpired' });
    const pair = generateDmarketKeyPair();
    const unknown = new DmarketMarket(bed.sim.config(`${pair.publicHex}:${pair.secretHex}`));
    await expectFailure(unknown.getBalance(), MarketAuthError, { status: 401 });
  });

  it('reads the inventory (dollar market prices) and market prices (cent strings)', async () => {
    const inventory = await bed.market.getInventory();
    expect(inventory).toHaveLength(2);
    expect(inventory[0]).toMatchObject({ market_hash_name: NAME, tradable: true });
    expect(inventory[0]?.market_price).toMatch(/^\d+\.\d{2}$/);
    const [price] = await bed.market.getPrices([NAME]);
    expect(price).toMatchObject({ market_hash_name: NAME, currency: 'USD' });
    expect(price?.price).toMatch(/^\d+\.\d{2}$/);
  });

  it('lists in dollars (rounded up to the cent), edits and deletes offers', async () => {
    const [a, b] = (await bed.market.getInventory()).map((item) => item.asset_id);
    const listed = await bed.market.listForSale([
      { asset_id: a!, price: '12.341' },
      { asset_id: b!, price: '3' },
      { asset_id: 'x', price: '1' },
    ]);
    expect(listed.map((r) => r.error)).toEqual([null, null, 'item x is not in the inventory']);
    const listings = await bed.market.getListings();
    expect(listings.map((l) => l.price).sort()).toEqual(['12.35', '3.00']);
    const changed = await bed.market.setPrices([
      { listing_id: listed[0]!.listing_id!, price: '11.5' },
      { listing_id: listed[1]!.listing_id!, price: '0' },
      { listing_id: 'none', price: '1' },
    ]);
    expect(changed.map((c) => c.ok)).toEqual([true, true, false]);
    expect((await bed.market.getListings()).map((l) => [l.listing_id, l.price])).toEqual([
      [listed[0]!.listing_id, '11.50'],
    ]);
  });

  it('shows closed offers and filled targets in the history', async () => {
    await bed.sim.control.call('POST', `accounts/${bed.account.id}/sell`, { count: 1 });
    const target = await bed.market.setBuyOrder({ market_hash_name: NAME, price: '1.5', count: 1 });
    await bed.sim.control.call('POST', `accounts/${bed.account.id}/fill-orders`, {
      order_id: target!.order_id,
    });
    const history = await bed.market.getHistory(new Date(Date.now() - 60_000), new Date(Date.now() + 60_000));
    expect(history.map((h) => [h.side, h.price]).sort()).toEqual([
      ['buy', '1.50'],
      ['sell', '11.50'],
    ]);
    expect(await bed.market.getBuyOrders()).toEqual([]);
  });

  it('places, keeps, replaces and removes targets (buy orders)', async () => {
    const placed = await bed.market.setBuyOrder({ market_hash_name: NAME, price: '2.009', count: 2 });
    expect(placed).toMatchObject({ market_hash_name: NAME, price: '2.00', count: 2 });
    expect((await bed.market.setBuyOrder({ market_hash_name: NAME, price: '2', count: 2 }))?.order_id).toBe(
      placed?.order_id,
    );
    const replaced = await bed.market.setBuyOrder({ market_hash_name: NAME, price: '2.5', count: 1 });
    expect(await bed.market.getBuyOrders()).toEqual([replaced]);
    expect(await bed.market.setBuyOrder({ market_hash_name: NAME, price: '0', count: 1 })).toBeNull();
    expect(await bed.market.getBuyOrders()).toEqual([]);
  });

  it('creates one target when the connection drops after it was created', async () => {
    await bed.sim.dropAnswerOnce({ path: '/user-targets/create' });
    const order = await bed.market.setBuyOrder({ market_hash_name: NAME, price: '1.25', count: 3 });
    expect(order).toMatchObject({ price: '1.25', count: 3 });
    expect(await bed.market.getBuyOrders()).toHaveLength(1);
    const stats = await bed.sim.control.stats();
    expect(stats.accounts[bed.account.id]!.spends.byKind.order).toBe(4);
    expect(stats.accounts[bed.account.id]!.byRoute['user-targets/create']).toBe(4);
  });
});
