import { randomBytes } from 'node:crypto';

import { PAYMENT_METHODS, SIGNUP_STEPS, TRANSACTION_KINDS } from '@toydesk/contract';
import { loadMarketEndpoints } from '@toydesk/markets';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  createEntityRepositories,
  createVault,
  maskStoredSecret,
  migrate,
  SEALED_COLUMNS,
  sealedPlace,
  seedReferenceData,
  type Database,
  type Queryable,
  type Row,
  type Vault,
} from '@toydesk/db';
import { openTestDatabase, testDbKind } from '@toydesk/db/testing';
import {
  createAnswerCache,
  createMarketServices,
  loadConfig,
  type Services,
} from '@toydesk/server';
import { insertDemoData, loadDemoDataIfEmpty } from './demo-data.ts';
import { buildCatalogue, WEARS } from './item-catalogue.ts';
import { formatMinor } from './minor-units.ts';

/**
 * The demo load on a fresh database: PGlite in the server-pglite project, a new PostgreSQL database in
 * the server-postgres project (dropped afterwards), so the load is proven on both.
 */

const KIND = testDbKind();
const MONEY_TEXT = /^\d{1,12}\.\d{2}$/;

const TABLES = [
  'tag',
  'toy_group',
  'server_group',
  'available_ip',
  'proxy',
  'steam_account',
  'market_account',
  'account_checklist',
  'toy',
  'market_toy',
  'toy_dynamic_setting',
  'steam_inventory',
  'sell_item',
  'bot_delivery',
  'toy_history',
  'history_stat',
  'transaction',
  'audit_entry',
];

/** A Queryable that runs nothing: it records each bulk insert and answers RETURNING with made-up ids. */
function recordingTx(): { tx: Queryable; inserts: { sql: string; rows: Row[] }[] } {
  const inserts: { sql: string; rows: Row[] }[] = [];
  let nextId = 1;
  const tx: Queryable = {
    async exec() {},
    async query<T extends Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      // The ids taken before an insert whose secrets are sealed for their rows (reserveRowIds).
      if (sql.includes('nextval')) return Array.from({ length: Number(params[1]) }, () => ({ id: nextId++ })) as unknown as T[];
      if (!sql.startsWith('INSERT')) return [{ rate: '92.500000' }] as unknown as T[];
      const rows = JSON.parse(String(params[0])) as Row[];
      inserts.push({ sql, rows });
      return (sql.includes('RETURNING') ? rows.map((r) => ({ ...r, id: nextId++ })) : []) as unknown as T[];
    },
  };
  return { tx, inserts };
}

/** A recorded row's sealed value opened: the row's table is not recorded, so each that has the column is tried. */
function openInRow(vault: Vault, row: Row, column: string, value: string): string {
  for (const [table, spec] of Object.entries(SEALED_COLUMNS)) {
    if (!(spec.columns as readonly string[]).includes(column)) continue;
    try {
      return vault.open(value, { table, column, id: row.id as number });
    } catch {
      // Sealed for another table's row: try the next.
    }
  }
  throw new Error(`${column}: opens in no table`);
}

describe(`demo data on ${KIND}`, () => {
  let db: Database;
  let vault: Vault;
  let services: Services;
  const logLines: string[] = [];
  let loaded = false;

  const count = async (table: string, where = 'true') =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}" WHERE ${where}`))[0]!.n;

  beforeAll(async () => {
    db = await openTestDatabase({ poolSize: 3, prefix: 'toydesk_demo' });
    await migrate(db);
    await seedReferenceData(db);
    vault = createVault(randomBytes(32));
    services = {
      config: loadConfig({}),
      db,
      vault,
      resources: createEntityRepositories(db, vault),
      answers: createAnswerCache(),
      markets: createMarketServices(db, loadMarketEndpoints({}), false),
    };
    loaded = await loadDemoDataIfEmpty(services, (line) => logLines.push(line));
  });

  afterAll(async () => {
    // A PostgreSQL test database is dropped when closed.
    await db?.close();
  });

  // How long the load takes is a benchmark's question, not a test's (it failed a 30 s bound under load).
  it('loads into an empty database and writes no audit entries', async () => {
    expect(loaded).toBe(true);
    expect(logLines.some((l) => l.startsWith('demo data: ') && l.includes('toy_history 50000'))).toBe(true);
    expect(await count('audit_entry')).toBe(0);
  });

  it('matches and prices the history as profit deals once loaded, and keeps the insert trigger on', async () => {
    // Loaded with the trigger off (one match after the load): every sold deal is priced, the summaries agree.
    expect(await count('profit_deal', "status = 'sold'")).toBeGreaterThan(1000);
    expect(await count('profit_deal', 'buy_rub IS NULL AND sell_rub IS NULL')).toBe(0);
    expect(await count('profit_deal', "status = 'sold' AND profit_rub IS NULL")).toBe(0);
    const [sums] = await db.query<{ deals: string; days: string }>(
      `SELECT (SELECT sum(profit_rub) FROM profit_deal WHERE status = 'sold')::text AS deals,
              (SELECT sum(profit_rub) FROM profit_day WHERE status = 'sold')::text AS days`,
    );
    expect(sums!.days).toBe(sums!.deals);
    const [trigger] = await db.query<{ enabled: string }>(
      `SELECT tgenabled AS enabled FROM pg_trigger WHERE tgname = 'toy_history_profit_insert'`,
    );
    expect(trigger!.enabled).toBe('O');
  });

  it('has the promised amounts of each kind of record', async () => {
    expect(await count('steam_account')).toBeGreaterThanOrEqual(25);
    expect(await count('steam_account')).toBeLessThanOrEqual(35);
    expect(await count('market_account')).toBeGreaterThanOrEqual(50);
    expect(await count('market_account')).toBeLessThanOrEqual(70);
    expect(await count('account_checklist')).toBe(await count('steam_account'));
    expect(await count('toy')).toBeGreaterThanOrEqual(10_000);
    expect(await count('toy_history')).toBeGreaterThanOrEqual(45_000);
    expect(await count('toy_history')).toBeLessThanOrEqual(55_000);
    expect(await count('history_stat')).toBeGreaterThanOrEqual(10_000);
    expect(await count('steam_inventory')).toBeGreaterThanOrEqual(2_000);
    expect(await count('sell_item', `status = 'on_sale'`)).toBeGreaterThanOrEqual(200);
    expect(await count('sell_item', `status IN ('sold', 'delivered')`)).toBeGreaterThanOrEqual(200);
    expect(await count('toy_dynamic_setting')).toBeGreaterThanOrEqual(200);
    expect(await count('market_toy', `market = 'tm'`)).toBe(await count('toy'));
    for (const market of ['tm_usd', 'dmarket', 'steam']) {
      expect(await count('market_toy', `market = '${market}'`)).toBeGreaterThan((await count('toy')) * 0.4);
    }
    expect(await count('server_group')).toBe(2);
    expect(await count('proxy')).toBeGreaterThanOrEqual(3);
    expect(await count('steam_account', 'proxy IS NOT NULL')).toBeGreaterThan(10);
    expect(await count('tag')).toBeGreaterThanOrEqual(5);
  });

  it('builds the toys from the CS2 catalogue: unique market hash names, wears, StatTrak™, stars and cases', async () => {
    expect(await count('toy')).toBe(buildCatalogue().length);
    const [{ total, distinct }] = (await db.query<{ total: number; distinct: number }>(
      'SELECT count(*)::int AS total, count(DISTINCT market_hash_name)::int AS distinct FROM toy',
    )) as [{ total: number; distinct: number }];
    expect(distinct).toBe(total);
    const names = new Set(
      (await db.query<{ market_hash_name: string }>('SELECT market_hash_name FROM toy')).map(
        (r) => r.market_hash_name,
      ),
    );
    // Redline's floats run from 0.10 to 0.70: no Factory New.
    expect(names.has('AK-47 | Redline (Field-Tested)')).toBe(true);
    expect(names.has('StatTrak™ AK-47 | Redline (Minimal Wear)')).toBe(true);
    expect(names.has('AK-47 | Redline (Factory New)')).toBe(false);
    expect(names.has('★ Karambit | Doppler (Factory New)')).toBe(true);
    expect(names.has('★ StatTrak™ Karambit | Doppler (Minimal Wear)')).toBe(true);
    expect(names.has("★ Sport Gloves | Pandora's Box (Field-Tested)")).toBe(true);
    expect(names.has("★ StatTrak™ Sport Gloves | Pandora's Box (Field-Tested)")).toBe(false);
    expect(names.has('Kilowatt Case')).toBe(true);
    for (const name of names) {
      if (/Karambit|Knife|Bayonet|Daggers|Gloves|Hand Wraps/.test(name))
        expect(name.startsWith('★ ')).toBe(true);
    }
    expect(
      await count(
        'toy',
        `classid_instanceid IS DISTINCT FROM classid || '_' || instance OR classid !~ '^\\d+$'`,
      ),
    ).toBe(0);
    expect(await count('toy', `ru_name IS NULL OR "group" IS NULL OR rarity IS NULL`)).toBe(0);
    expect(await count('toy', `ru_name LIKE '%(После полевых испытаний)'`)).toBeGreaterThan(1000);
    expect(await count('toy', `label <> 'normal'`)).toBeGreaterThan(100);
    expect(await count('toy', `label = 'normal'`)).toBeGreaterThan((await count('toy')) * 0.8);
    expect(await count('toy', `record_status = 'normal'`)).toBeGreaterThan((await count('toy')) * 0.9);
  });

  it('stores every secret encrypted; each decrypts to a value of the right shape', async () => {
    const accounts = await db.query<Record<string, string | null>>(
      'SELECT id, steam_id, trade_url, phone, password, shared_secret, identity_secret, revocation_code, email_password FROM steam_account',
    );
    for (const a of accounts) {
      for (const column of [
        'password',
        'shared_secret',
        'identity_secret',
        'revocation_code',
        'email_password',
      ]) {
        expect(a[column]!.startsWith('v2:')).toBe(true);
        expect(maskStoredSecret(a[column])).toBe('••••••••');
      }
      const open = (column: 'password' | 'shared_secret' | 'identity_secret' | 'revocation_code') =>
        vault.open(a[column]!, sealedPlace('steam_account', column, a.id!));
      expect(Buffer.from(open('shared_secret'), 'base64')).toHaveLength(20);
      expect(Buffer.from(open('identity_secret'), 'base64')).toHaveLength(20);
      expect(open('revocation_code')).toMatch(/^R\d{5}$/);
      expect(open('password').length).toBeGreaterThanOrEqual(8);
      expect(a.steam_id).toMatch(/^7656119\d{10}$/);
      expect(a.trade_url).toMatch(
        /^https:\/\/steamcommunity\.com\/tradeoffer\/new\/\?partner=\d+&token=[\w-]{8}$/,
      );
      // The trade URL's partner is the account id inside the SteamID64.
      const partner = BigInt(/partner=(\d+)/.exec(a.trade_url!)![1]!);
      expect(partner + 76561197960265728n).toBe(BigInt(a.steam_id!));
      expect(a.phone).toMatch(/^\+79\d{9}$/);
    }
    expect(new Set(accounts.map((a) => a.steam_id)).size).toBe(accounts.length);

    const marketAccounts = await db.query<{
      id: number;
      market: string;
      api_key: string;
      pay_password: string | null;
    }>('SELECT id, market, api_key, pay_password FROM market_account');
    for (const m of marketAccounts) {
      const key = vault.open(m.api_key, sealedPlace('market_account', 'api_key', m.id));
      // Skinport's credential is "clientId:clientSecret" (the simulators open the account with it).
      expect(key).toMatch(
        m.market === 'skinport' ? /^[0-9a-f]{16}:[0-9a-f]{16}$/ : /^[0-9a-f]{32}$/,
      );
      expect(maskStoredSecret(m.api_key)).toBe(`••••${key.slice(-4)}`);
      if (m.market === 'tm') {
        expect(m.pay_password!.startsWith('v2:')).toBe(true);
        expect(maskStoredSecret(m.pay_password)).toBe('••••••••');
        expect(vault.open(m.pay_password!, sealedPlace('market_account', 'pay_password', m.id)).length).toBeGreaterThanOrEqual(6);
      }
    }
    for (const p of await db.query<{ id: number; password: string }>('SELECT id, password FROM proxy')) {
      expect(vault.open(p.password, sealedPlace('proxy', 'password', p.id)).length).toBeGreaterThan(0);
    }
  });

  it('keeps market accounts consistent with their Steam accounts, currencies and markets', async () => {
    const perMarket = await db.query<{ market: string; n: number; currencies: string[] }>(
      'SELECT market, count(*)::int AS n, array_agg(DISTINCT currency) AS currencies FROM market_account GROUP BY market',
    );
    const byMarket = Object.fromEntries(perMarket.map((r) => [r.market, r]));
    expect(byMarket.tm!.n).toBe(Math.max(...perMarket.map((r) => r.n)));
    expect(byMarket.tm!.currencies).toEqual(['RUB']);
    for (const market of ['tm_usd', 'dmarket', 'csfloat'])
      expect(byMarket[market]!.currencies).toEqual(['USD']);
    expect(await count('market_account', 'dry_run = false')).toBe(0);
    expect(await count('market_account', 'keep_online OR auto_deliver OR auto_sell')).toBeGreaterThan(5);
    // New Steam accounts have none; a banned one's accounts are banned too.
    expect(
      await count('market_account', `steam_account IN (SELECT id FROM steam_account WHERE status = 'new')`),
    ).toBe(0);
    expect(
      await count(
        'market_account',
        `status <> 'banned' AND steam_account IN (SELECT id FROM steam_account WHERE status = 'banned')`,
      ),
    ).toBe(0);
    const mismatch = (table: string, currency = true) =>
      count(
        table,
        `NOT EXISTS (SELECT 1 FROM market_account a WHERE a.id = "${table}".market_account AND a.market = "${table}".market
           AND a.steam_account = "${table}".steam_account${currency ? ` AND a.currency = "${table}".currency` : ''})`,
      );
    expect(await mismatch('toy_history')).toBe(0);
    expect(await mismatch('sell_item')).toBe(0);
    expect(
      await count(
        'toy_dynamic_setting',
        `market_account IS NOT NULL AND NOT EXISTS (SELECT 1 FROM market_account a WHERE a.id = market_account AND a.market = toy_dynamic_setting.market)`,
      ),
    ).toBe(0);
  });

  it('prices in decimal strings of at most 2 places: buys below sells, USD at the seeded rate', async () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (minor) => {
        const text = formatMinor(minor);
        expect(text).toMatch(/^-?\d+\.\d{2}$/);
        expect(Math.round(Number(text) * 100)).toBe(minor);
      }),
    );
    const history = await db.query<{ price: string; side: string }>('SELECT price, side FROM toy_history');
    for (const row of history) {
      expect(row.price).toMatch(MONEY_TEXT);
      expect(Number(row.price)).toBeGreaterThan(0);
    }
    expect(new Set(history.map((r) => r.side))).toEqual(new Set(['buy', 'sell']));
    expect(await count('market_toy', 'price_buy >= price_sell OR price_buy <= 0')).toBe(0);
    expect(await count('market_toy', 'min_price_buy > max_price_buy')).toBe(0);
    expect(
      await count('market_toy', 'enable_dynamic_order AND (min_price_buy IS NULL OR max_price_buy IS NULL)'),
    ).toBe(0);
    expect(await count('market_toy', 'enable_dynamic_order')).toBeGreaterThan(100);
    expect(
      await count(
        'history_stat',
        'NOT (min_price <= avg_price AND avg_price <= max_price AND min_price > 0)',
      ),
    ).toBe(0);
    expect(await count('sell_item', 'price <= 0')).toBe(0);

    // Prices follow rarity: consumer-grade skins are cheap, knives dear.
    const [levels] = (await db.query<{ consumer: string; knives: string }>(
      `SELECT max(price_sell) FILTER (WHERE t.rarity = 'Consumer Grade' AND t.market_hash_name NOT LIKE '★%') AS consumer,
              min(price_sell) FILTER (WHERE t.market_hash_name LIKE '★%') AS knives
       FROM market_toy m JOIN toy t ON t.id = m.toy WHERE m.market = 'tm'`,
    )) as [{ consumer: string; knives: string }];
    expect(Number(levels.consumer)).toBeLessThan(200);
    expect(Number(levels.knives)).toBeGreaterThan(1000);

    // The same toy in RUB (tm) and in USD (tm_usd): about 92.50 roubles to the dollar.
    const [ratio] = (await db.query<{ r: string }>(
      `SELECT (sum(a.price_sell) / sum(b.price_sell))::text AS r FROM market_toy a
       JOIN market_toy b ON b.toy = a.toy AND b.market = 'tm_usd' WHERE a.market = 'tm'`,
    )) as [{ r: string }];
    expect(Number(ratio.r)).toBeGreaterThan(85);
    expect(Number(ratio.r)).toBeLessThan(100);
  });

  it('spreads the deal log over 90 days with unique deal ids, and daily stats without gaps', async () => {
    const [span] = (await db.query<{ days: number; newest: string }>(
      `SELECT extract(epoch FROM max(date) - min(date))::float / 86400 AS days, max(date) AS newest FROM toy_history`,
    )) as [{ days: number; newest: string }];
    expect(span.days).toBeGreaterThan(80);
    expect(span.days).toBeLessThanOrEqual(90.01);
    expect(Date.parse(span.newest)).toBeLessThanOrEqual(Date.now());
    expect(await count('toy_history', `market_item_id IS NULL OR market_item_id !~ '^\\d+$'`)).toBe(0);
    expect(await count('toy_history', `record_status = 'normal'`)).toBeGreaterThan(45_000);
    expect(await count('toy_history', `record_status = 'outdated'`)).toBeGreaterThan(0);
    expect(await count('toy_history', 'trade_id IS NOT NULL')).toBeGreaterThan(1000);
    const markets = await db.query<{ market: string }>('SELECT DISTINCT market FROM toy_history');
    expect(markets.length).toBeGreaterThanOrEqual(5);
    const stats = await db.query<{ items: number; days: number; rows: number }>(
      `SELECT count(DISTINCT market_hash_name)::int AS items, count(DISTINCT date)::int AS days, count(*)::int AS rows
       FROM history_stat WHERE market = 'tm'`,
    );
    expect(stats[0]!.items).toBeGreaterThanOrEqual(200);
    expect(stats[0]!.days).toBe(90);
    expect(stats[0]!.rows).toBe(stats[0]!.items * stats[0]!.days);
  });

  it('holds inventories with floats inside each item’s wear and finish range; listings point at them', async () => {
    const ranges = new Map(buildCatalogue().map((item) => [item.marketHashName, item.floatRange]));
    const inventory = await db.query<{ market_hash_name: string; float_value: string | null }>(
      'SELECT market_hash_name, float_value FROM steam_inventory',
    );
    for (const row of inventory) {
      const range = ranges.get(row.market_hash_name);
      expect(range).toBeDefined();
      if (range === null) {
        expect(row.float_value).toBeNull();
        continue;
      }
      expect(row.float_value).toMatch(/^0\.\d{6}$/);
      const value = Number(row.float_value);
      const wear = WEARS.find((w) => row.market_hash_name.endsWith(`(${w.name})`))!;
      expect(value).toBeGreaterThanOrEqual(Math.max(range!.min, wear.min));
      expect(value).toBeLessThan(wear.max);
      expect(value).toBeLessThanOrEqual(range!.max);
    }
    expect(await count('steam_inventory', 'trade_hold_until > now() AND NOT tradable')).toBeGreaterThan(50);
    expect(await count('steam_inventory', 'trade_hold_until > now() AND tradable')).toBe(0);
    // Every listing on sale is an item of that Steam account's inventory, shown there as listed.
    expect(
      await count(
        'sell_item',
        `status = 'on_sale' AND NOT EXISTS (SELECT 1 FROM steam_inventory i WHERE i.asset_id = sell_item.asset_id
           AND i.steam_account = sell_item.steam_account AND i.status = 'listed')`,
      ),
    ).toBe(0);
    expect(await count('sell_item', `status = 'on_sale' AND (position IS NULL OR position < 1)`)).toBe(0);
    expect(await count('sell_item', `status IN ('sold', 'delivered') AND sold_at IS NULL`)).toBe(0);
    // A finished sale is in the deal log under the same market item id.
    expect(
      await count(
        'sell_item',
        `status IN ('sold', 'delivered') AND NOT EXISTS (SELECT 1 FROM toy_history h WHERE h.market = sell_item.market
           AND h.side = 'sell' AND h.market_item_id = sell_item.market_item_id AND h.price = sell_item.price)`,
      ),
    ).toBe(0);
  });

  it('records the deliveries of the tm family’s sales in step with their listings, none in flight where the deliver loop runs', async () => {
    const states = Object.fromEntries(
      (
        await db.query<{ state: string; n: number }>(
          'SELECT state, count(*)::int AS n FROM bot_delivery GROUP BY state',
        )
      ).map((r) => [r.state, r.n]),
    );
    expect(states.delivered).toBeGreaterThan(100);
    expect(states.failed).toBeGreaterThan(0);
    expect((states.sent ?? 0) + (states.trade_ready ?? 0)).toBeGreaterThan(0);
    expect(await count('bot_delivery', `market NOT IN ('tm', 'tm_usd', 'cs7', 'cs7_proxy')`)).toBe(0);
    // Each is a listing of the same account, deal, item and price, whose status follows the delivery.
    expect(
      await count(
        'bot_delivery',
        `NOT EXISTS (SELECT 1 FROM sell_item s WHERE s.market_account = bot_delivery.market_account
           AND s.market_item_id = bot_delivery.deal_id AND s.asset_id = bot_delivery.asset_id
           AND s.market_hash_name = bot_delivery.market_hash_name AND s.price = bot_delivery.price
           AND s.currency = bot_delivery.currency
           AND s.status = CASE bot_delivery.state WHEN 'pending' THEN 'sold' WHEN 'sent' THEN 'delivering'
             WHEN 'trade_ready' THEN 'delivering' ELSE bot_delivery.state END)`,
      ),
    ).toBe(0);
    // The demo's deliver loops (active accounts with auto_deliver) would chase made-up offers.
    expect(
      await count(
        'bot_delivery',
        `state NOT IN ('delivered', 'failed') AND market_account IN
           (SELECT id FROM market_account WHERE status = 'active' AND auto_deliver)`,
      ),
    ).toBe(0);
    // Times in the order the loop writes them, all in the past; an offer id with every sent offer.
    expect(
      await count(
        'bot_delivery',
        `offer_sent_at < sold_seen_at OR trade_ready_at < offer_sent_at OR finished_at < sold_seen_at
           OR finished_at < trade_ready_at OR greatest(sold_seen_at, offer_sent_at, trade_ready_at, finished_at) > now()
           OR updated_at < greatest(sold_seen_at, offer_sent_at, trade_ready_at, finished_at)
           OR (offer_id IS NULL) <> (offer_sent_at IS NULL) OR (offer_id IS NULL) <> (offer_code IS NULL)
           OR (state IN ('delivered', 'failed')) <> (finished_at IS NOT NULL)
           OR (state = 'trade_ready' AND trade_ready_at IS NULL) OR (state = 'delivered' AND error IS NOT NULL)
           OR (state = 'failed' AND error IS NULL) OR (state = 'pending' AND offer_id IS NOT NULL)`,
      ),
    ).toBe(0);
    const [offers] = (await db.query<{ n: number; distinct: number }>(
      'SELECT count(offer_id)::int AS n, count(DISTINCT offer_id)::int AS distinct FROM bot_delivery',
    )) as [{ n: number; distinct: number }];
    expect(offers.distinct).toBe(offers.n);
  });

  it('gives each Steam account a checklist: most done, some partly, one failed with its error', async () => {
    const lists = await db.query<{
      steps: Record<string, { state: string; at: string | null; error: string | null }>;
    }>('SELECT steps FROM account_checklist');
    let complete = 0;
    let partial = 0;
    let failed = 0;
    for (const { steps } of lists) {
      expect(Object.keys(steps).sort()).toEqual([...SIGNUP_STEPS].sort());
      const states = SIGNUP_STEPS.map((s) => steps[s]!.state);
      if (states.every((s) => s === 'done')) complete += 1;
      else partial += 1;
      for (const step of SIGNUP_STEPS) {
        if (steps[step]!.state === 'failed') {
          failed += 1;
          expect(steps[step]!.error).toBeTruthy();
        }
        if (steps[step]!.state === 'done') expect(steps[step]!.at).toBeTruthy();
      }
    }
    expect(complete).toBeGreaterThan(lists.length / 2);
    expect(partial).toBeGreaterThanOrEqual(2);
    expect(failed).toBe(1);
  });

  it('records transactions of every kind and payment method with sides that fit the kind', async () => {
    const pairs = await db.query<{ kind: string; payment_method: string }>(
      'SELECT DISTINCT kind, payment_method FROM "transaction"',
    );
    expect(pairs.length).toBe(TRANSACTION_KINDS.length * PAYMENT_METHODS.length);
    expect(await count('transaction', 'amount <= 0')).toBe(0);
    const noFrom = 'from_steam_account IS NULL AND from_market_account IS NULL AND from_market IS NULL';
    const noTo = 'to_steam_account IS NULL AND to_market_account IS NULL AND to_market IS NULL';
    expect(await count('transaction', `kind = 'input' AND NOT (${noFrom})`)).toBe(0);
    expect(await count('transaction', `kind = 'input' AND ${noTo}`)).toBe(0);
    expect(await count('transaction', `kind = 'output' AND NOT (${noTo})`)).toBe(0);
    expect(
      await count(
        'transaction',
        `kind = 'transfer_between_markets' AND from_market IS NOT DISTINCT FROM to_market`,
      ),
    ).toBe(0);
    expect(
      await count(
        'transaction',
        `kind = 'transfer_between_accounts' AND (from_market IS DISTINCT FROM to_market OR from_market_account = to_market_account OR from_steam_account = to_steam_account)`,
      ),
    ).toBe(0);
    // The market written next to a market account is that account's market.
    expect(
      await count(
        'transaction',
        `(from_market_account IS NOT NULL AND from_market IS DISTINCT FROM (SELECT market FROM market_account WHERE id = from_market_account))
         OR (to_market_account IS NOT NULL AND to_market IS DISTINCT FROM (SELECT market FROM market_account WHERE id = to_market_account))`,
      ),
    ).toBe(0);
  });

  it('generates the same data on every run', async () => {
    const now = Date.parse('2025-06-01T12:00:00Z');
    const runs = [];
    for (let i = 0; i < 2; i += 1) {
      const { tx, inserts } = recordingTx();
      await insertDemoData(tx, { vault }, now);
      // Ciphertexts use fresh nonces: compare what they open to (in the row they were sealed for).
      runs.push(
        JSON.stringify(inserts, function (this: Row, key, value: unknown) {
          return vault.isEncrypted(value) ? `plain:${openInRow(vault, this, key, value)}` : value;
        }),
      );
    }
    expect(runs[0]).toBe(runs[1]);
    expect(runs[0]!.length).toBeGreaterThan(1_000_000);
  });

  it('does nothing on a second call', async () => {
    const before = await Promise.all(TABLES.map((t) => count(t)));
    const lines: string[] = [];
    expect(await loadDemoDataIfEmpty(services, (line) => lines.push(line))).toBe(false);
    expect(await Promise.all(TABLES.map((t) => count(t)))).toEqual(before);
    expect(lines).toEqual([]);
  });
});
