import { type TestClient } from '@toydesk/api-kit/testing';

export interface Fixtures {
  tagId: number;
  serverGroupId: number;
  steamAccountId: number;
  marketAccountId: number;
  toyId: number;
  toyGroupId: number;
}

let counter = 0;
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`;

async function created(client: TestClient, path: string, body: unknown): Promise<number> {
  const response = await client.post<{ id: number }>(path, body);
  if (response.status !== 201) throw new Error(`fixture ${path}: ${response.status} ${response.text}`);
  return response.body.id;
}

/**
 * A Steam account named `owner` and on it a market account with `fields` (market, api_key, ...), both made
 * through the API as the console makes them. Returns the market account's id; throws unless both are created.
 */
export async function createMarketAccount(
  client: TestClient,
  owner: string,
  fields: Record<string, unknown>,
): Promise<number> {
  const steamAccount = await created(client, '/api/steam/accounts/', { steam_account_name: owner });
  return created(client, '/api/market/accounts/', { ...fields, steam_account: steamAccount });
}

/** One row of each entity the others refer to. */
export async function makeFixtures(client: TestClient): Promise<Fixtures> {
  const tagId = await created(client, '/api/tag/', { name: unique('tag') });
  const serverGroupId = await created(client, '/api/settings/server/', {
    name: unique('group'),
    hosts: ['10.0.0.1'],
  });
  const steamAccountId = await created(client, '/api/steam/accounts/', {
    steam_account_name: unique('bot'),
    password: 'steam-password-plain',
    tags: [tagId],
  });
  const marketAccountId = await created(client, '/api/market/accounts/', {
    market: 'tm',
    steam_account: steamAccountId,
    api_key: 'abcdef0123456789abcdef0123456789',
  });
  const toyId = await created(client, '/api/toy/toys/', {
    market_hash_name: unique('AK-47 | Redline (Field-Tested)'),
  });
  const groupResponse = await client.post('/api/toy/toy-group/bulk-create-or-update/', [
    { name: unique('Rifles') },
  ]);
  if (groupResponse.status !== 200) throw new Error(`fixture toy group: ${groupResponse.text}`);
  const groups = await client.get<{ results: { id: number }[] }>('/api/toy/toy-group/', {
    query: { ordering: '-id' },
  });
  return {
    tagId,
    serverGroupId,
    steamAccountId,
    marketAccountId,
    toyId,
    toyGroupId: groups.body.results[0]!.id,
  };
}

export interface CrudCase {
  name: string;
  base: string;
  /** The detail path suffix after the id: "/" or "" (server groups). */
  suffix: string;
  ops: ('list' | 'create' | 'retrieve' | 'update' | 'partial_update' | 'destroy')[];
  create: (f: Fixtures) => Record<string, unknown>;
  /** A field to change with PATCH and its new value. */
  patch: (f: Fixtures) => Record<string, unknown>;
  /** A body that must be refused, and the field the 400 must name. */
  invalid: { body: (f: Fixtures) => Record<string, unknown>; field: string };
  /** Runs before the create (markets: free a code, since all 11 are seeded). */
  before?: (client: TestClient) => Promise<void>;
}

const ALL = ['list', 'create', 'retrieve', 'update', 'partial_update', 'destroy'] as CrudCase['ops'];

export const CRUD_CASES: CrudCase[] = [
  {
    name: 'markets',
    base: '/api/market/markets/',
    suffix: '/',
    ops: ALL,
    before: async (client) => {
      const list = await client.get<{ results: { id: number }[] }>('/api/market/markets/', {
        query: { code: 'waxpeer' },
      });
      for (const row of list.body.results) await client.delete(`/api/market/markets/${row.id}/`);
    },
    create: () => ({ name: 'Test market', code: 'waxpeer', usd_to_rub_rate: '90.5' }),
    patch: () => ({ usd_to_rub_rate: '91.25' }),
    invalid: { body: () => ({ name: 'x', code: 'nope' }), field: 'code' },
  },
  {
    name: 'tags',
    base: '/api/tag/',
    suffix: '/',
    ops: ALL,
    create: () => ({ name: unique('tag'), color: '#ff9505', scope: 'private', target: 'toys' }),
    patch: () => ({ color: '#016fb9' }),
    invalid: { body: () => ({ name: 'x', color: 'red' }), field: 'color' },
  },
  {
    name: 'server groups',
    base: '/api/settings/server/',
    suffix: '',
    ops: ALL,
    create: () => ({ name: unique('srv'), hosts: ['10.0.0.5', 'bot-2.local'], description: 'rack 2' }),
    patch: () => ({ description: 'rack 3' }),
    invalid: { body: () => ({ name: '', hosts: ['a'] }), field: 'name' },
  },
  {
    name: 'available ips',
    base: '/api/settings/available-ip/',
    suffix: '/',
    ops: ALL,
    create: (f) => ({
      address: `10.1.${Math.floor(Math.random() * 250)}.${(counter += 1) % 250}`,
      server_group: f.serverGroupId,
    }),
    patch: () => ({ comment: 'office' }),
    invalid: { body: () => ({ address: '999.1.1.1' }), field: 'address' },
  },
  {
    name: 'steam accounts',
    base: '/api/steam/accounts/',
    suffix: '/',
    ops: ALL,
    create: (f) => ({
      steam_account_name: unique('acc'),
      password: 'p@ss-word-1',
      shared_secret: 'c2hhcmVkLXNlY3JldC0yMC1ieXRlcw==',
      steam_id: `7656119${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`,
      tags: [f.tagId],
      server_group: f.serverGroupId,
      balance: '10.50',
    }),
    patch: () => ({ status: 'active', notes: 'checked' }),
    invalid: { body: () => ({ steam_account_name: 'x', steam_id: '123' }), field: 'steam_id' },
  },
  {
    name: 'market accounts',
    base: '/api/market/accounts/',
    suffix: '/',
    ops: ALL,
    create: (f) => ({
      market: 'dmarket',
      steam_account: f.steamAccountId,
      api_key: 'key-0123456789abcdef',
      currency: 'USD',
    }),
    patch: () => ({ balance: '12.34', online: true }),
    invalid: {
      body: (f) => ({ market: 'tm', steam_account: f.steamAccountId, balance: '1.234' }),
      field: 'balance',
    },
  },
  {
    name: 'account checklists',
    base: '/api/steam/accounts-checklists/',
    suffix: '/',
    ops: ALL,
    create: (f) => ({ steam_account: f.steamAccountId, steps: { relogin: { state: 'done' } } }),
    patch: () => ({
      steps: { relogin: { state: 'done' }, add_phone: { state: 'failed', error: 'no phone' } },
    }),
    invalid: { body: () => ({ steam_account: 1, steps: { relogin: { state: 'half' } } }), field: 'steps' },
  },
  {
    name: 'transactions',
    base: '/api/steam/transactions/',
    suffix: '/',
    ops: ALL,
    create: (f) => ({
      kind: 'input',
      payment_method: 'card',
      amount: '1500.00',
      to_market_account: f.marketAccountId,
    }),
    patch: () => ({ comment: 'top-up' }),
    invalid: { body: () => ({ kind: 'input', amount: '-5' }), field: 'amount' },
  },
  {
    name: 'toys',
    base: '/api/toy/toys/',
    suffix: '/',
    ops: ALL,
    create: (f) => ({
      market_hash_name: unique('M4A4 | Howl'),
      classid: '310776',
      instance: '0',
      group: f.toyGroupId,
      tags: [f.tagId],
    }),
    patch: () => ({ ignore_price: true, label: 'rare' }),
    invalid: { body: () => ({ market_hash_name: '', label: 'epic' }), field: 'label' },
  },
  {
    name: 'market toys',
    base: '/api/market/toys/',
    suffix: '/',
    ops: ALL,
    create: (f) => ({ toy: f.toyId, market: 'steam', price_buy: '100.00', price_sell: '120.00' }),
    patch: () => ({ enable_dynamic_order: true, min_price_buy: '90', max_price_buy: '110' }),
    invalid: { body: (f) => ({ toy: f.toyId, market: 'tm', price_buy: 'cheap' }), field: 'price_buy' },
  },
  {
    name: 'toy dynamic settings',
    base: '/api/market/toy-dynamic-settings/',
    suffix: '/',
    ops: ALL,
    create: (f) => ({
      toy: f.toyId,
      market: 'tm',
      market_account: f.marketAccountId,
      scope: 'private',
      min_price_buy: '5',
    }),
    patch: () => ({ max_orders: 3 }),
    invalid: { body: (f) => ({ toy: f.toyId, market: 'tm', max_orders: -1 }), field: 'max_orders' },
  },
  {
    name: 'toy history',
    base: '/api/toy/history/',
    suffix: '/',
    ops: ALL,
    create: (f) => ({
      toy: f.toyId,
      market_hash_name: 'AK-47 | Redline (Field-Tested)',
      side: 'buy',
      price: '812.40',
      market: 'tm',
      market_account: f.marketAccountId,
    }),
    patch: () => ({ record_status: 'outdated' }),
    invalid: { body: () => ({ market_hash_name: 'x', side: 'lend', price: '1' }), field: 'side' },
  },
  {
    name: 'history stats',
    base: '/api/toy/history-stats/',
    suffix: '/',
    ops: ALL,
    create: () => ({
      market: 'tm',
      market_hash_name: unique('AWP | Asiimov'),
      date: '2026-11-01',
      avg_price: '100',
      min_price: '90',
      max_price: '110',
      volume: 5,
    }),
    patch: () => ({ point_status: 'locked' }),
    invalid: {
      body: () => ({
        market: 'tm',
        market_hash_name: 'x',
        date: '2026-13-01',
        avg_price: '1',
        min_price: '1',
        max_price: '1',
      }),
      field: 'date',
    },
  },
  {
    name: 'steam inventory',
    base: '/api/toy/steam-inventory/',
    suffix: '/',
    ops: ALL,
    create: (f) => ({
      steam_account: f.steamAccountId,
      asset_id: String(Date.now() + (counter += 1)),
      market_hash_name: 'AK-47 | Redline (Field-Tested)',
      float_value: '0.153',
    }),
    patch: () => ({ tradable: false }),
    invalid: {
      body: (f) => ({ steam_account: f.steamAccountId, asset_id: 'abc', market_hash_name: 'x' }),
      field: 'asset_id',
    },
  },
  {
    name: 'sell items',
    base: '/api/market/sell/items/',
    suffix: '/',
    ops: ['list', 'update', 'partial_update'],
    create: (f) => ({
      market_account: f.marketAccountId,
      market: 'tm',
      market_hash_name: 'AK-47 | Redline (Field-Tested)',
      price: '950.00',
    }),
    patch: () => ({ price: '940.00', position: 2 }),
    invalid: {
      body: (f) => ({ market_account: f.marketAccountId, market: 'tm', market_hash_name: 'x', price: '0' }),
      field: 'price',
    },
  },
];
