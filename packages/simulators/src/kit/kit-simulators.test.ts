import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  createSimulatorServer,
  OTHER_MARKET_PREFIXES,
  type OtherMarket,
  type SimulatorServer,
} from '../server.ts';
import { KitControlClient } from './kit-control-client.ts';
import { majorToUnits, unitsToDecimal, unitsToFloat } from './kit-units.ts';

let server: SimulatorServer;
let base: string;

beforeAll(async () => {
  server = await createSimulatorServer();
  base = await server.listen();
});
afterAll(() => server.close());

const control = (market: OtherMarket) => new KitControlClient(`${base}${OTHER_MARKET_PREFIXES[market]}`);

/** One keyed call per market: how it carries the credential and how it refuses a wrong one. */
const PROBES: Record<
  OtherMarket,
  { path: string; method?: string; auth: (credential: string) => RequestInit; missing: number; wrong: number }
> = {
  waxpeer: { path: '/v1/user?api=CRED', auth: () => ({}), missing: 401, wrong: 401 },
  csfloat: { path: '/api/v1/me', auth: (c) => ({ headers: { authorization: c } }), missing: 403, wrong: 401 },
  skinport: {
    path: '/v1/account/transactions',
    auth: (c) => ({ headers: { authorization: `Basic ${Buffer.from(c).toString('base64')}` } }),
    missing: 401,
    wrong: 401,
  },
  dmarket: {
    path: '/account/v1/balance',
    auth: (c) => ({ headers: { 'x-api-key': c.split(':')[0]! } }),
    missing: 401,
    wrong: 401,
  },
  bitskins: {
    path: '/account/profile/balance',
    method: 'POST',
    auth: (c) => ({ headers: { 'x-apikey': c } }),
    missing: 401,
    wrong: 403,
  },
  lis_skins: {
    path: '/v1/user/balance',
    auth: (c) => ({ headers: { authorization: `Bearer ${c}` } }),
    missing: 401,
    wrong: 401,
  },
};

describe('the non-tm simulators in createSimulatorServer', () => {
  it('mounts all six under their SIMULATOR_PREFIX prefixes with a control index, and Steam at /steam', async () => {
    for (const market of Object.keys(OTHER_MARKET_PREFIXES) as OtherMarket[]) {
      const index = await control(market).call<{ market: string; routes: string[] }>('GET', '');
      expect(index.market).toBe(market);
      expect(server.state[market].market.name).toBe(market);
    }
    const steam = (await (await fetch(`${base}/steam/_control/`)).json()) as { routes: unknown[] };
    expect(steam.routes).toContainEqual({ method: 'POST', path: '/accounts/:login/web-session' });
    expect(server.state.steam.world.accounts.size).toBe(0);
  });

  it.each(Object.keys(PROBES) as OtherMarket[])(
    '%s refuses missing and wrong credentials as the real one would',
    async (market) => {
      const probe = PROBES[market];
      const url = (credential: string) =>
        `${base}${OTHER_MARKET_PREFIXES[market]}${probe.path.replace('CRED', encodeURIComponent(credential))}`;
      const send = (credential: string) =>
        fetch(url(credential), { method: probe.method ?? 'GET', ...probe.auth(credential) });
      const missing = await fetch(url('').replace(/[?&]api=$/, ''), { method: probe.method ?? 'GET' });
      expect(missing.status).toBe(probe.missing);
      expect(missing.headers.get('content-type')).toContain('application/json');
      const wrongCredential = market === 'dmarket' ? `${'ab'.repeat(32)}:x` : 'wrong:credential';
      expect((await send(wrongCredential)).status).toBe(probe.wrong);
      const stats = await control(market).stats();
      expect(stats.authFailures).toBeGreaterThanOrEqual(2);
    },
  );
});

describe('the shared control API', () => {
  /** A credential of each market's stored form that the caller (the demo) already holds. */
  const GIVEN: Partial<Record<OtherMarket, string>> = {
    waxpeer: 'a1'.repeat(32),
    csfloat: 'b2'.repeat(16),
    skinport: `${'c3'.repeat(8)}:${'d4'.repeat(16)}`,
    bitskins: 'e5'.repeat(32),
    lis_skins: 'f6'.repeat(24),
  };

  it.each(Object.keys(GIVEN) as OtherMarket[])(
    '%s opens an account with a credential the caller holds, known by it afterwards',
    async (market) => {
      const credential = GIVEN[market]!;
      const created = await control(market).account({ money: 5, credential });
      expect(created.credential).toBe(credential);
      const probe = PROBES[market];
      const answer = await fetch(
        `${base}${OTHER_MARKET_PREFIXES[market]}${probe.path.replace('CRED', encodeURIComponent(credential))}`,
        { method: probe.method ?? 'GET', ...probe.auth(credential) },
      );
      expect(answer.status).toBe(200);
      // The same credential twice is refused, as two fresh ones never collide.
      await expect(control(market).account({ credential })).rejects.toThrow(/409|taken/);
    },
  );

  it('refuses a given credential of the wrong form, and on a market that makes its own', async () => {
    await expect(control('skinport').account({ credential: 'no-colon-here' })).rejects.toThrow(
      /not a skinport credential/,
    );
    await expect(control('waxpeer').account({ credential: 'has space' })).rejects.toThrow(
      /not a waxpeer credential/,
    );
    await expect(control('dmarket').account({ credential: 'ab:cd' })).rejects.toThrow(
      /makes its own credentials/,
    );
  });

  it('creates accounts, gives items and money, sells listings, fills orders and reports them', async () => {
    const wax = server.state.waxpeer.market;
    const ctl = control('waxpeer');
    const account = await ctl.account({ money: 10, names: ['AK-47 | Redline (Field-Tested)'] });
    expect(account.balance).toBe('10.000');
    const added = await ctl.call<{ items: unknown[] }>('POST', `accounts/${account.id}/items`, { count: 2 });
    expect(added.items).toHaveLength(2);
    expect(await ctl.call('POST', `accounts/${account.id}/money`, { amount: '0.5' })).toEqual({
      balance: '10.500',
      balanceUnits: 10_500,
    });
    const acc = wax.accounts.get(account.id)!;
    const listing = wax.list(acc, account.items[0]!.asset_id, 2000);
    const sold = await ctl.call<{ sold: { listing_id: string }[]; balance: string }>(
      'POST',
      `accounts/${account.id}/sell`,
      {},
    );
    expect(sold.sold[0]?.listing_id).toBe(listing.id);
    expect(sold.balance).toBe('12.400');
    await expect(ctl.call('POST', `accounts/${account.id}/sell`, {})).rejects.toThrow(/409/);
    const order = wax.placeOrder(acc, 'AK-47 | Redline (Field-Tested)', 1500, 2);
    const filled = await ctl.call<{ filled: unknown[] }>('POST', `accounts/${account.id}/fill-orders`, {
      order_id: order.id,
      count: 5,
    });
    expect(filled.filled).toHaveLength(2);
    const dump = await ctl.dump(account.id);
    expect(dump.balance).toBe('9.400');
    expect((dump.history as unknown[]).length).toBe(3);
    await expect(ctl.call('POST', 'accounts', { names: ['No Such Item'] })).rejects.toThrow(/400/);
  });

  it('adds, lists and removes faults; checks config; resets', async () => {
    const ctl = control('csfloat');
    const fault = await ctl.fault({ kind: 'status', status: 502, match: { path: '/api/v1/me' } });
    expect((await ctl.call<unknown[]>('GET', 'faults')).length).toBe(1);
    expect(await ctl.call('DELETE', `faults/${fault.id}`)).toEqual({ deleted: true });
    await expect(ctl.config({ nope: 1 })).rejects.toThrow(/unknown config keys: nope/);
    await expect(ctl.config({ rateLimits: { listings: { limit: 0, windowMs: 1 } } })).rejects.toThrow(/400/);
    const config = await ctl.config({ rateLimits: { default: { limit: 3, windowMs: 1000 } }, feeShare: 0.1 });
    expect(config).toMatchObject({ feeShare: 0.1, rateLimits: { default: { limit: 3, windowMs: 1000 } } });
    await ctl.call('POST', 'reset');
    expect(await ctl.call('GET', 'accounts')).toEqual([]);
    expect((await ctl.call<{ feeShare: number }>('GET', 'config')).feeShare).toBe(0.05);
  });

  it('applies the shared fault kinds: an nginx page, a status, a dropped connection', async () => {
    const ctl = control('lis_skins');
    const account = await ctl.account({ money: 1 });
    const url = `${base}/lis_skins/v1/user/balance`;
    const headers = { authorization: `Bearer ${account.credential}` };
    await ctl.fault({ kind: 'html', count: 1 });
    const html = await fetch(url, { headers });
    expect(html.status).toBe(502);
    expect(await html.text()).toContain('<center>nginx</center>');
    await ctl.fault({ kind: 'status', status: 503, count: 1 });
    expect((await fetch(url, { headers })).status).toBe(503);
    await ctl.fault({ kind: 'drop', count: 1 });
    await expect(fetch(url, { headers })).rejects.toThrow();
    expect(await (await fetch(url, { headers })).json()).toEqual({ data: { balance: 1 } });
    expect((await ctl.stats()).faultsInjected).toBe(3);
  });
});

describe('kit units', () => {
  it('converts decimal text to integer units and back without floats', () => {
    expect(majorToUnits('12.345', 1000)).toBe(12_345);
    expect(majorToUnits(0.1, 100)).toBe(10);
    expect(majorToUnits('1.005', 100)).toBe(101);
    expect(majorToUnits('abc', 100)).toBeNull();
    expect(unitsToDecimal(5, 1000)).toBe('0.005');
    expect(unitsToFloat(1234, 100)).toBe(12.34);
  });
});
