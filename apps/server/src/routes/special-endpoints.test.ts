import { beforeAll, describe, expect, it } from 'vitest';

import { makeFixtures, type Fixtures } from '../testing/fixtures.ts';
import { useTestApp } from '../testing/use-test-app.ts';

const t = useTestApp();
let f: Fixtures;
beforeAll(async () => {
  f = await makeFixtures(t.client);
});

type Rows<T = Record<string, unknown>> = {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
};

async function count(table: string): Promise<number> {
  const rows = await t.services.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`);
  return rows[0]!.n;
}

describe('toys catalogue endpoints', () => {
  it('toys-create-and-update upserts by market_hash_name and derives classid_instanceid', async () => {
    const first = await t.client.post<{ created: number; updated: number }>(
      '/api/toy/toys/toys-create-and-update/',
      [
        { market_hash_name: 'Glock-18 | Fade (Factory New)', classid: '111', instance: '0', label: 'rare' },
        { market_hash_name: 'USP-S | Kill Confirmed (Minimal Wear)', classid: '222', instance: '188' },
      ],
    );
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ created: 2, updated: 0 });
    const again = await t.client.post<{ created: number; updated: number }>(
      '/api/toy/toys/toys-create-and-update/',
      [
        {
          market_hash_name: 'Glock-18 | Fade (Factory New)',
          ru_name: 'Glock-18 | Градиент (Прямо с завода)',
        },
      ],
    );
    expect(again.body).toMatchObject({ created: 0, updated: 1 });
    const list = await t.client.get<Rows>('/api/toy/toys/', { query: { search: 'Glock-18 | Fade' } });
    expect(list.body.results[0]).toMatchObject({
      classid_instanceid: '111_0',
      label: 'rare',
      ru_name: 'Glock-18 | Градиент (Прямо с завода)',
    });
  });

  it('bulk writes are atomic: one bad row writes nothing and the 400 names row and field', async () => {
    const before = await count('toy');
    const response = await t.client.post<Record<string, Record<string, string[]>>>(
      '/api/toy/toys/toys-create-and-update/',
      [
        { market_hash_name: 'P250 | Sand Dune (Field-Tested)' },
        { market_hash_name: 'P250 | Whiteout (Minimal Wear)', label: 'legendary' },
      ],
    );
    expect(response.status).toBe(400);
    expect(response.body['1']!.label).toBeDefined();
    expect(await count('toy')).toBe(before);
  });

  it('bulk-toys-update-by-qs updates exactly the filtered rows and refuses an empty filter', async () => {
    await t.client.post('/api/toy/toys/toys-create-and-update/', [
      { market_hash_name: 'QS test A', label: 'danger' },
      { market_hash_name: 'QS test B', label: 'danger' },
      { market_hash_name: 'QS test C', label: 'normal' },
    ]);
    const updated = await t.client.post<{ updated: number }>(
      '/api/toy/toys/bulk-toys-update-by-qs/',
      { ignore_price: true },
      {
        query: { label: 'danger', search: 'QS test' },
      },
    );
    expect(updated.body).toEqual({ updated: 2 });
    const c = await t.client.get<Rows<{ ignore_price: boolean }>>('/api/toy/toys/', {
      query: { market_hash_name: 'QS test C' },
    });
    expect(c.body.results[0]!.ignore_price).toBe(false);
    const refused = await t.client.post<Record<string, string[]>>('/api/toy/toys/bulk-toys-update-by-qs/', {
      ignore_price: true,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.non_field_errors).toBeDefined();
    const typo = await t.client.post<Record<string, string[]>>(
      '/api/toy/toys/bulk-toys-update-by-qs/',
      { ignore_price: true },
      { query: { lable: 'danger' } },
    );
    expect(typo.status).toBe(400);
    expect(typo.body.lable).toBeDefined();
  });

  it('set-ignore-price sets the flag by id and by name, and needs the anti-forgery header', async () => {
    const ok = await t.client.get<{ updated: number }>('/api/toy/toys/set-ignore-price/', {
      query: { id: [f.toyId], market_hash_name: 'QS test C', value: 'true' },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.updated).toBe(2);
    const forged = await t.client.get('/api/toy/toys/set-ignore-price/', {
      query: { id: f.toyId, value: 'false' },
      xsrf: false,
    });
    expect(forged.status).toBe(403);
    const bad = await t.client.get<Record<string, string[]>>('/api/toy/toys/set-ignore-price/', {
      query: { value: 'maybe' },
    });
    expect(bad.status).toBe(400);
  });

  it('set-ignore-price with one unknown id or name changes nothing', async () => {
    const flag = async () =>
      (await t.client.get<{ ignore_price: boolean }>(`/api/toy/toys/${f.toyId}/`)).body.ignore_price;
    const before = await flag();
    const unknownId = await t.client.get<Record<string, string[]>>('/api/toy/toys/set-ignore-price/', {
      query: { id: [f.toyId, 987654], value: String(!before) },
    });
    expect(unknownId.status).toBe(400);
    expect(unknownId.body.id![0]).toContain('987654');
    const unknownName = await t.client.get<Record<string, string[]>>('/api/toy/toys/set-ignore-price/', {
      query: { id: [f.toyId], market_hash_name: 'No such toy', value: String(!before) },
    });
    expect(unknownName.status).toBe(400);
    expect(unknownName.body.market_hash_name![0]).toContain('No such toy');
    expect(await flag()).toBe(before);
  });

  it('toy groups upsert by name', async () => {
    const r = await t.client.post<{ created: number; updated: number }>(
      '/api/toy/toy-group/bulk-create-or-update/',
      [{ name: 'Knives', description: 'all knives' }, { name: 'Gloves' }],
    );
    expect(r.body).toMatchObject({ created: 2, updated: 0 });
    const r2 = await t.client.post<{ created: number; updated: number }>(
      '/api/toy/toy-group/bulk-create-or-update/',
      [{ name: 'Knives', description: 'knives ★' }],
    );
    expect(r2.body).toMatchObject({ created: 0, updated: 1 });
    const list = await t.client.get<Rows<{ name: string; description: string }>>('/api/toy/toy-group/', {
      query: { name: 'Knives' },
    });
    expect(list.body.results[0]!.description).toBe('knives ★');
  });
});

describe('market toys', () => {
  it('bulk-create-or-update-by-market-hash-name creates missing toys and upserts per market', async () => {
    const r = await t.client.post<{ created: number; updated: number; toys_created: number }>(
      '/api/market/toys/bulk-create-or-update-by-market-hash-name/',
      [
        { market_hash_name: 'MHN new toy', market: 'tm', price_sell: '100.00' },
        { market_hash_name: 'MHN new toy', market: 'dmarket', price_sell: '1.10' },
      ],
    );
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ created: 2, updated: 0, toys_created: 1 });
    const r2 = await t.client.post<{ created: number; updated: number }>(
      '/api/market/toys/bulk-create-or-update-by-market-hash-name/',
      [{ market_hash_name: 'MHN new toy', market: 'tm', price_sell: '105.50' }],
    );
    expect(r2.body).toMatchObject({ created: 0, updated: 1 });
    const fields = await t.client.get<Rows>('/api/market/toys/by-fields/', {
      query: { fields: 'id,market_hash_name,price_sell', market: 'tm', market_hash_name: 'MHN new toy' },
    });
    expect(fields.body.results).toHaveLength(1);
    expect(Object.keys(fields.body.results[0]!).sort()).toEqual(['id', 'market_hash_name', 'price_sell']);
    expect(fields.body.results[0]!.price_sell).toBe('105.50');
    const badFields = await t.client.get<Record<string, string[]>>('/api/market/toys/by-fields/', {
      query: { fields: 'id,api_key' },
    });
    expect(badFields.status).toBe(400);
    // Names an object inherits are no fields either (a property test found `fields=__proto__` answered 500).
    for (const inherited of ['__proto__', 'constructor', 'toString']) {
      const answer = await t.client.get<Record<string, string[]>>('/api/market/toys/by-fields/', {
        query: { fields: inherited },
      });
      expect(answer.status, inherited).toBe(400);
      expect(answer.body.fields).toEqual([expect.stringContaining(inherited)]);
    }
    const names = await t.client.get<{ count: number; results: string[] }>(
      '/api/market/toys/only-market-hash-name/',
      { query: { market: 'dmarket' } },
    );
    expect(names.body.results).toContain('MHN new toy');
    const byQs = await t.client.post<{ updated: number }>(
      '/api/market/toys/bulk-toys-update-by-qs/',
      { enable_dynamic_order: true },
      { query: { market_hash_name: 'MHN new toy' } },
    );
    expect(byQs.body.updated).toBe(2);
  });

  it('toy dynamic settings create-or-update by (toy, market, market_account)', async () => {
    const body = {
      toy: f.toyId,
      market: 'tm',
      min_price_buy: '10.00',
      max_price_buy: '12.00',
      enable_dynamic_order: true,
    };
    const a = await t.client.post<{ created: number; updated: number }>(
      '/api/market/toy-dynamic-settings/create-or-update/',
      body,
    );
    expect(a.body).toMatchObject({ created: 1, updated: 0 });
    const b = await t.client.post<{ created: number; updated: number }>(
      '/api/market/toy-dynamic-settings/create-or-update/',
      [
        { ...body, max_price_buy: '13.00' },
        { ...body, market_account: f.marketAccountId, scope: 'private' },
      ],
    );
    expect(b.body).toMatchObject({ created: 1, updated: 1 });
    const list = await t.client.get<Rows<{ max_price_buy: string; market_account: number | null }>>(
      '/api/market/toy-dynamic-settings/',
      { query: { toy: f.toyId, market_account__isnull: 'true' } },
    );
    expect(list.body.results.map((r) => r.max_price_buy)).toEqual(['13.00']);
  });

  it('toy dynamic settings per Doppler phase: one row per phase, a bad phase is a 400', async () => {
    const base = { toy: f.toyId, market: 'tm_usd', enable_dynamic_order: true };
    const created = await t.client.post<{ created: number; updated: number }>(
      '/api/market/toy-dynamic-settings/create-or-update/',
      [
        { ...base, phase: 'phase2', min_price_buy: '300.00', max_price_buy: '400.00' },
        { ...base, phase: 'ruby', min_price_buy: '1500.00', max_price_buy: '2000.00' },
        { ...base, min_price_buy: '250.00', max_price_buy: '300.00' },
      ],
    );
    expect(created.body).toMatchObject({ created: 3, updated: 0 });
    const again = await t.client.post<{ created: number; updated: number }>(
      '/api/market/toy-dynamic-settings/create-or-update/',
      { ...base, phase: 'ruby', min_price_buy: '1600.00', max_price_buy: '2100.00' },
    );
    expect(again.body).toMatchObject({ created: 0, updated: 1 });
    const list = await t.client.get<Rows<{ phase: string | null; max_price_buy: string }>>(
      '/api/market/toy-dynamic-settings/',
      { query: { toy: f.toyId, market: 'tm_usd', ordering: 'id' } },
    );
    expect(list.body.results.map((r) => [r.phase, r.max_price_buy])).toEqual([
      ['phase2', '400.00'],
      ['ruby', '2100.00'],
      [null, '300.00'],
    ]);
    const bad = await t.client.post('/api/market/toy-dynamic-settings/create-or-update/', {
      ...base,
      phase: 'Phase 2',
    });
    expect(bad.status).toBe(400);
    const after = await t.client.get<Rows<unknown>>('/api/market/toy-dynamic-settings/', {
      query: { toy: f.toyId, market: 'tm_usd' },
    });
    expect(after.body.results).toHaveLength(3);
  });
});

describe('history and statistics', () => {
  const day = (d: number) => `2026-10-${String(d).padStart(2, '0')}T12:00:00Z`;
  // The first buy of the day's history; a later case writes it again by its id.
  const firstBuy = {
    market_hash_name: 'Stats item',
    side: 'buy',
    price: '100.00',
    market: 'tm',
    date: day(1),
    market_item_id: 'b1',
  };
  beforeAll(async () => {
    const rows = [
      firstBuy,
      {
        market_hash_name: 'Stats item',
        side: 'buy',
        price: '110.00',
        market: 'tm',
        date: day(1),
        market_item_id: 'b2',
      },
      {
        market_hash_name: 'Stats item',
        side: 'sell',
        price: '130.00',
        market: 'tm',
        date: day(2),
        market_item_id: 's1',
      },
      {
        market_hash_name: 'Stats item',
        side: 'sell',
        price: '999.00',
        market: 'tm',
        date: day(3),
        market_item_id: 's2',
      },
      {
        market_hash_name: 'Other item',
        side: 'sell',
        price: '5.50',
        market: 'dmarket',
        currency: 'USD',
        date: day(2),
        market_item_id: 's3',
      },
    ];
    const r = await t.client.post<{ created: number }>('/api/toy/history/bulk/create-or-update/', rows);
    expect(r.status, r.text).toBe(200);
    expect(r.body.created).toBe(5);
  });

  it('bulk/create-or-update upserts by the deal id and by id', async () => {
    const r = await t.client.post<{ created: number; updated: number }>(
      '/api/toy/history/bulk/create-or-update/',
      [
        {
          market_hash_name: 'Stats item',
          side: 'buy',
          price: '101.00',
          market: 'tm',
          date: day(1),
          market_item_id: 'b1',
        },
      ],
    );
    expect(r.body).toMatchObject({ created: 0, updated: 1 });
    const list = await t.client.get<Rows<{ id: number; price: string }>>('/api/toy/history/', {
      query: { market_item_id: 'b1' },
    });
    expect(list.body.results[0]!.price).toBe('101.00');
    const byId = await t.client.post<{ updated: number }>('/api/toy/history/bulk/create-or-update/', [
      { id: list.body.results[0]!.id, ...firstBuy },
    ]);
    expect(byId.body.updated, JSON.stringify(byId.body)).toBe(1);
    const missing = await t.client.post<Record<string, Record<string, string[]>>>(
      '/api/toy/history/bulk/create-or-update/',
      [{ id: 99999999, market_hash_name: 'x', side: 'buy', price: '1' }],
    );
    expect(missing.status).toBe(400);
    expect(missing.body['0']!.id).toBeDefined();
  });

  it('stats-by-date aggregates per day and side, in one currency, normal rows only', async () => {
    const r = await t.client.get<{ currency: string; results: Record<string, unknown>[] }>(
      '/api/toy/history-stats/stats-by-date/',
      {
        query: { market_hash_name: 'Stats item' },
      },
    );
    expect(r.status, r.text).toBe(200);
    expect(r.body.currency).toBe('RUB');
    expect(r.body.results).toEqual([
      {
        date: '2026-10-01',
        side: 'buy',
        count: 2,
        total: '210.00',
        avg_price: '105.00',
        min_price: '100.00',
        max_price: '110.00',
      },
      {
        date: '2026-10-02',
        side: 'sell',
        count: 1,
        total: '130.00',
        avg_price: '130.00',
        min_price: '130.00',
        max_price: '130.00',
      },
      {
        date: '2026-10-03',
        side: 'sell',
        count: 1,
        total: '999.00',
        avg_price: '999.00',
        min_price: '999.00',
        max_price: '999.00',
      },
    ]);
    const usd = await t.client.get<{ results: unknown[] }>('/api/toy/history-stats/stats-by-date/', {
      query: { currency: 'USD' },
    });
    expect(usd.body.results).toHaveLength(1);
  });

  it('set-point-status marks a price point and its history rows, and averages follow', async () => {
    const before = await t.client.post<{ results: Record<string, unknown>[] }>(
      '/api/history/toy-stats/get-filtered-avg-stats-by-name/',
      {
        market_hash_names: ['Stats item'],
      },
    );
    expect(before.body.results[0]).toMatchObject({
      buy_count: 2,
      buy_avg: '105.00',
      sell_count: 2,
      sell_avg: '564.50',
      sell_max: '999.00',
    });
    const set = await t.client.get<{ success: boolean; point: number; history: number }>(
      '/api/history/toy-stats/set-point-status/',
      {
        query: { market: 'tm', market_hash_name: 'Stats item', date: '2026-10-03', status: 'outdated' },
      },
    );
    expect(set.status, set.text).toBe(200);
    expect(set.body).toEqual({ success: true, point: 1, history: 1 });
    const after = await t.client.post<{ results: Record<string, unknown>[] }>(
      '/api/history/toy-stats/get-filtered-avg-stats-by-name/',
      {
        market_hash_names: ['Stats item'],
      },
    );
    expect(after.body.results[0]).toMatchObject({ sell_count: 1, sell_avg: '130.00' });
    const points = await t.client.get<Rows<{ id: number; point_status: string }>>('/api/toy/history-stats/', {
      query: { market_hash_name: 'Stats item' },
    });
    expect(points.body.results[0]!.point_status).toBe('outdated');
    const byId = await t.client.get<{ point: number }>('/api/history/toy-stats/set-point-status/', {
      query: { id: points.body.results[0]!.id, status: 'normal' },
    });
    expect(byId.body.point).toBe(1);
    const none = await t.client.get('/api/history/toy-stats/set-point-status/', {
      query: { id: 99999999, status: 'normal' },
    });
    expect(none.status).toBe(404);
    const bad = await t.client.get<Record<string, string[]>>('/api/history/toy-stats/set-point-status/', {
      query: { status: 'normal' },
    });
    expect(bad.status).toBe(400);
  });

  it('count-by-mhn and history-extended', async () => {
    const counts = await t.client.get<{ results: Record<string, unknown>[] }>(
      '/api/toy/history/count-by-mhn/',
      { query: { market: 'tm' } },
    );
    expect(counts.body.results.find((r) => r.market_hash_name === 'Stats item')).toMatchObject({
      count: 4,
      buy_count: 2,
      sell_count: 2,
    });
    const ext = await t.client.get<Rows>('/api/toy/history/history-extended/', {
      query: { market_hash_name: 'Stats item', ordering: 'price' },
    });
    expect(ext.body.count).toBe(4);
    expect(ext.body.results[0]).toHaveProperty('ru_name');
    expect(ext.body.results[0]).toHaveProperty('market_account_label');
    expect(ext.body.results.map((r) => r.price)).toEqual(['100.00', '110.00', '130.00', '999.00']);
  });

  it('connect-items links history rows to toys by classid_instanceid, then by name', async () => {
    await t.client.post('/api/toy/toys/toys-create-and-update/', [
      { market_hash_name: 'Stats item', classid: '900', instance: '1' },
    ]);
    await t.client.post('/api/toy/history/', {
      market_hash_name: 'Renamed on market',
      classid_instanceid: '900_1',
      side: 'buy',
      price: '1',
    });
    const r = await t.client.post<{
      connected: number;
      by_classid_instanceid: number;
      by_market_hash_name: number;
    }>('/api/toy/history/connect-items/', {});
    expect(r.status, r.text).toBe(200);
    expect(r.body.by_classid_instanceid).toBeGreaterThanOrEqual(1);
    expect(r.body.by_market_hash_name).toBeGreaterThanOrEqual(4);
    const linked = await t.client.get<Rows<{ toy: number | null }>>('/api/toy/history/', {
      query: { market_hash_name: 'Renamed on market' },
    });
    expect(linked.body.results[0]!.toy).not.toBeNull();
  });
});

describe('inventory and sales', () => {
  it('inventory bulk/create-and-update upserts by (steam_account, asset_id); for-sell lists candidates', async () => {
    await t.client.post('/api/market/toys/bulk-create-or-update-by-market-hash-name/', [
      { market_hash_name: 'Inv item', market: 'tm', price_sell: '77.00' },
    ]);
    const rows = [
      {
        steam_account: f.steamAccountId,
        asset_id: '1001',
        market_hash_name: 'Inv item',
        classid: '5',
        instanceid: '0',
      },
      {
        steam_account: f.steamAccountId,
        asset_id: '1002',
        market_hash_name: 'Inv item',
        trade_hold_until: '2099-01-01T00:00:00Z',
      },
    ];
    const a = await t.client.post<{ created: number }>(
      '/api/toy/steam-inventory/bulk/create-and-update/',
      rows,
    );
    expect(a.status, a.text).toBe(200);
    expect(a.body.created).toBe(2);
    const b = await t.client.post<{ created: number; updated: number }>(
      '/api/toy/steam-inventory/bulk/create-and-update/',
      [{ ...rows[0], tradable: true }],
    );
    expect(b.body).toMatchObject({ created: 0, updated: 1 });
    await t.client.post('/api/toy/steam-inventory/connect-items/', {});
    const candidates = await t.client.get<Rows<Record<string, unknown>>>('/api/market/sell/items/for-sell/', {
      query: { market: 'tm', steam_account: f.steamAccountId },
    });
    expect(candidates.status, candidates.text).toBe(200);
    expect(candidates.body.results.map((r) => r.asset_id)).toEqual(['1001']);
    expect(candidates.body.results[0]).toMatchObject({ price_sell: '77.00', market: 'tm' });
  });

  it('sell items: bulk update by ids from the query, count by name', async () => {
    const insert = async (price: string) =>
      (
        await t.services.db.query<{ id: number }>(
          `INSERT INTO sell_item (market_account, market, market_hash_name, price) VALUES ($1, 'tm', 'Sold thing', $2) RETURNING id`,
          [f.marketAccountId, price],
        )
      )[0]!.id;
    const ids = [await insert('10.00'), await insert('12.00')];
    const r = await t.client.post<{ updated: number }>(
      '/api/market/sell/items/bulk-update-by-ids/',
      { fields: { price: '11.00' } },
      { query: { id: ids } },
    );
    expect(r.status, r.text).toBe(200);
    expect(r.body.updated).toBe(2);
    const counts = await t.client.get<{ results: Record<string, unknown>[] }>(
      '/api/market/sell/items/count-by-mhn/',
      { query: { market_hash_name: 'Sold thing' } },
    );
    expect(counts.body.results[0]).toEqual({
      market_hash_name: 'Sold thing',
      count: 2,
      min_price: '11.00',
      max_price: '11.00',
      total: '22.00',
    });
    const badId = await t.client.post<Record<string, string[]>>(
      '/api/market/sell/items/bulk-update-by-ids/',
      { ids: [ids[0], 99999999], fields: { price: '1.00' } },
    );
    expect(badId.status).toBe(400);
    expect(badId.body.ids).toBeDefined();
    const unchanged = await t.client.get<Rows<{ price: string }>>('/api/market/sell/items/', {
      query: { id: ids[0]! },
    });
    expect(unchanged.body.results[0]!.price).toBe('11.00');
  });
});

describe('extended account views', () => {
  it('steam accounts extended and market accounts extended', async () => {
    const steam = await t.client.get<Rows<Record<string, unknown>>>('/api/steam/accounts/extended/', {
      query: { id: f.steamAccountId },
    });
    expect(steam.status, steam.text).toBe(200);
    const row = steam.body.results[0]!;
    expect(row.market_accounts_extended).toEqual([
      expect.objectContaining({ id: f.marketAccountId, market: 'tm', currency: 'RUB' }),
    ]);
    expect((row.tag_objects as { id: number }[]).map((x) => x.id)).toEqual([f.tagId]);
    expect(row.checklist_total).toBe(10);
    const market = await t.client.get<Rows<Record<string, unknown>>>('/api/market/accounts/extended/', {
      query: { page_size: 99999, id: f.marketAccountId },
    });
    expect(market.body.results[0]).toMatchObject({ market_name: 'Market CSGO', balance_rub: '0.00' });
    expect(market.body.results[0]!.label).toBe(`Market CSGO ${String(row.steam_account_name)}`);
  });

  it('bulk-update-by-ids on steam accounts is all or nothing', async () => {
    const other = await t.client.post<{ id: number }>('/api/steam/accounts/', {
      steam_account_name: 'bulk_other',
    });
    const ok = await t.client.post<{ updated: number }>('/api/steam/accounts/bulk-update-by-ids/', {
      ids: [f.steamAccountId, other.body.id],
      fields: { notes: 'batch 7' },
    });
    expect(ok.body.updated).toBe(2);
    const bad = await t.client.post<Record<string, Record<string, string[]>>>(
      '/api/steam/accounts/bulk-update-by-ids/',
      { ids: [other.body.id], fields: { notes: 'x', tags: [987654] } },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.tags).toBeDefined();
    const unchanged = await t.client.get<{ notes: string }>(`/api/steam/accounts/${other.body.id}/`);
    expect(unchanged.body.notes).toBe('batch 7');
  });
});
