import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';

import { useTestApp } from '../testing/use-test-app.ts';

/**
 * The fast paths of issue 15 answer exactly what the plain statements answer: deep pages through the
 * deferred join, ?search= through the trigram index, counts and statistics from their per-version caches
 * (with ETags and 304s), each checked against the same question asked the slow way.
 */
const t = useTestApp();

type Page<T = Record<string, unknown>> = { count: number; next: string | null; results: T[] };

const MARKETS = ['tm', 'dmarket'];
const NAMES = [
  'AK-47 | Redline (Field-Tested)',
  'AWP | Asiimov (Field-Tested)',
  'M4A1-S | Hot Rod (Factory New)',
];
const ROWS = 2600;

beforeAll(async () => {
  // Many rows share a date, so the id tie-break decides their order.
  await t.services.db.query(
    `INSERT INTO toy_history (market_hash_name, side, price, currency, market, date, record_status)
     SELECT ($1::text[])[1 + i % 3], CASE WHEN i % 2 = 0 THEN 'sell' ELSE 'buy' END, 10 + i % 50, 'RUB',
            ($2::text[])[1 + i % 2], timestamptz '2026-10-01' + (i / 7) * interval '1 hour', 'normal'
     FROM generate_series(1, $3::int) i`,
    [NAMES, MARKETS, ROWS],
  );
});

/** Every row of a list, page by page with the plain statement's page size of 1,000 (no deep path). */
async function allRows(path: string, query: Record<string, string>): Promise<unknown[]> {
  const rows: unknown[] = [];
  for (let page = 1; ; page++) {
    const r = await t.client.get<Page>(path, { query: { ...query, page: String(page), page_size: '999' } });
    expect(r.status, r.text).toBe(200);
    rows.push(...r.body.results.map((row) => row.id));
    if (!r.body.next) return rows;
  }
}

describe('deep pages (deferred join)', () => {
  it('answer the same rows in the same order as the pages before them, for any ordering and filter', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('-date', 'date', 'price,-id', '-price', 'market_hash_name,date'),
        fc.constantFrom<Record<string, string>>({}, { market: 'tm', side: 'sell' }, { market: 'dmarket' }),
        fc.constantFrom(1, 7, 100),
        async (ordering, filter, pageSize) => {
          const expected = await allRows('/api/toy/history/', { ...filter, ordering });
          // The first page at or past offset 1,000 goes through the deferred join.
          const page = Math.ceil(1000 / pageSize) + 1;
          const r = await t.client.get<Page<{ id: number }>>('/api/toy/history/', {
            query: { ...filter, ordering, page: String(page), page_size: String(pageSize) },
          });
          expect(r.status, r.text).toBe(200);
          expect(r.body.count).toBe(expected.length);
          const offset = (page - 1) * pageSize;
          expect(r.body.results.map((row) => row.id)).toEqual(expected.slice(offset, offset + pageSize));
          const extended = await t.client.get<Page<{ id: number }>>('/api/toy/history/history-extended/', {
            query: { ...filter, ordering, page: String(page), page_size: String(pageSize) },
          });
          expect(extended.body.results.map((row) => row.id)).toEqual(
            expected.slice(offset, offset + pageSize),
          );
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('search through the trigram index', () => {
  it("finds market toys by any part of their toy's name, as ILIKE does", async () => {
    const names = [
      'AK-47 | Redline (Field-Tested)',
      'AK-47 | Vulcan (Minimal Wear)',
      'Glock-18 | Fade (Factory New)',
    ];
    const created = await t.client.post('/api/market/toys/bulk-create-or-update-by-market-hash-name/', [
      ...names.map((market_hash_name) => ({ market_hash_name, market: 'tm' })),
      { market_hash_name: names[0], market: 'dmarket' },
    ]);
    expect(created.status, created.text).toBe(200);
    for (const [search, expected] of [
      ['ak-47', [names[0], names[1]]],
      ['Vulcan', [names[1]]],
      ['%', []],
      ['_', []],
      ['(F', [names[0], names[2]]],
    ] as const) {
      const r = await t.client.get<Page<{ market_hash_name: string }>>('/api/market/toys/', {
        query: { market: 'tm', search, ordering: 'market_hash_name' },
      });
      expect(r.status, r.text).toBe(200);
      expect(
        r.body.results.map((row) => row.market_hash_name),
        search,
      ).toEqual(expected);
      expect(r.body.count).toBe(expected.length);
    }
  });
});

describe('statistics per data version', () => {
  it('answer with an ETag, 304 while nothing changed, and the new figures once history changes', async () => {
    const path = '/api/toy/history-stats/stats-by-date/';
    const first = await t.client.get<{ results: { count: number }[] }>(path, { query: { market: 'tm' } });
    expect(first.status, first.text).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"\d+\./);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const again = await t.client.get(path, { query: { market: 'tm' }, headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    // Another question has another tag.
    const other = await t.client.get(path, {
      query: { market: 'dmarket' },
      headers: { 'if-none-match': etag! },
    });
    expect(other.status).toBe(200);
    const total = (body: { results: { count: number }[] }) => body.results.reduce((n, r) => n + r.count, 0);
    await t.client.post('/api/toy/history/bulk/create-or-update/', [
      { market_hash_name: NAMES[0], side: 'sell', price: '5.00', market: 'tm', date: '2026-10-02T10:00:00Z' },
    ]);
    const after = await t.client.get<{ results: { count: number }[] }>(path, {
      query: { market: 'tm' },
      headers: { 'if-none-match': etag! },
    });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(total(after.body)).toBe(total(first.body) + 1);
  });

  it('avg-stats-by-name and the list counts follow writes at once', async () => {
    const ask = () =>
      t.client.post<{ results: { market_hash_name: string; sell_count: number }[] }>(
        '/api/history/toy-stats/get-filtered-avg-stats-by-name/',
        { market_hash_names: [NAMES[1]!] },
      );
    const before = await ask();
    const list = () => t.client.get<Page>('/api/toy/history/', { query: { market_hash_name: NAMES[1]! } });
    const countBefore = (await list()).body.count;
    expect((await ask()).body).toEqual(before.body);
    await t.client.post('/api/toy/history/bulk/create-or-update/', [
      { market_hash_name: NAMES[1], side: 'sell', price: '7.00', market: 'tm', date: '2026-10-03T10:00:00Z' },
    ]);
    const after = await ask();
    expect(after.body.results[0]!.sell_count).toBe(before.body.results[0]!.sell_count + 1);
    expect((await list()).body.count).toBe(countBefore + 1);
  });
});

describe('list pages per data version', () => {
  type Account = { id: number; steam_account_name: string; market_accounts: { id: number; label: string }[] };

  it('answer with an ETag and 304s, and follow a write to any table they read, through the API or not', async () => {
    const account = await t.client.post<{ id: number }>('/api/steam/accounts/', {
      steam_account_name: 'versioned_list_bot',
    });
    expect(account.status, account.text).toBe(201);
    const market = await t.client.post<{ id: number }>('/api/market/accounts/', {
      market: 'tm',
      steam_account: account.body.id,
    });
    expect(market.status, market.text).toBe(201);
    const query = { search: 'versioned_list_bot' };
    const ask = (etag?: string) =>
      t.client.get<Page<Account>>('/api/steam/accounts/', {
        query,
        headers: etag ? { 'if-none-match': etag } : {},
      });
    const labels = (page: Page<Account>) =>
      page.results.flatMap((row) => row.market_accounts.map((m) => m.label));

    const first = await ask();
    expect(first.status, first.text).toBe(200);
    expect(labels(first.body)).toHaveLength(1);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"\d+\.\d+\.\d+\./);
    // Masked secrets on its rows: the browser keeps nothing (security-headers.test.ts), the ETag still works.
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect((await ask(etag)).status).toBe(304);

    // The market's name is part of the label: a write to market (not the list's own table) is seen.
    const [tm] = await t.services.db.query<{ id: number; name: string }>(
      `SELECT id, name FROM market WHERE code = 'tm'`,
    );
    const renamed = await t.client.patch(`/api/market/markets/${tm!.id}/`, { name: 'Renamed TM' });
    expect(renamed.status, renamed.text).toBe(200);
    const afterRename = await ask(etag);
    expect(afterRename.status).toBe(200);
    expect(labels(afterRename.body)).toEqual(['Renamed TM versioned_list_bot']);
    await t.client.patch(`/api/market/markets/${tm!.id}/`, { name: tm!.name });

    // A bot writing the database directly (no API): a second market account appears at once.
    const before = await ask();
    await t.services.db.query(`INSERT INTO market_account (market, steam_account) VALUES ('dmarket', $1)`, [
      account.body.id,
    ]);
    const afterInsert = await ask(before.headers.get('etag')!);
    expect(afterInsert.status).toBe(200);
    expect(labels(afterInsert.body)).toHaveLength(2);

    // The page's links name the host asked for: another host is another question.
    const otherHost = await t.client.get<Page>('/api/steam/accounts/', {
      query: { page_size: '1' },
      headers: { host: 'other.example:8080' },
    });
    expect(otherHost.status, otherHost.text).toBe(200);
    if (otherHost.body.next) expect(otherHost.body.next).toContain('other.example:8080');
  });

  it('a kept page equals the page computed afresh, after any sequence of writes', async () => {
    const seeded = await t.client.post('/api/market/toys/bulk-create-or-update-by-market-hash-name/', [
      ...NAMES.map((market_hash_name) => ({ market_hash_name: `${market_hash_name} kept`, market: 'tm' })),
    ]);
    expect(seeded.status, seeded.text).toBe(200);
    const fresh = async (path: string, query: Record<string, string>) => {
      // A new question each time (a query key the filters ignore is not allowed, so the page size varies).
      const r = await t.client.get<Page>(path, { query });
      expect(r.status, r.text).toBe(200);
      return r.body;
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('rename-toy', 'price', 'delete-toy', 'add-toy'), {
          minLength: 1,
          maxLength: 4,
        }),
        async (writes) => {
          const query = { market: 'tm', ordering: 'market_hash_name', page_size: '50' };
          await fresh('/api/market/toys/', query);
          for (const write of writes) {
            if (write === 'rename-toy')
              await t.services.db.query(
                `UPDATE toy SET market_hash_name = market_hash_name || ' x' WHERE id = (SELECT toy FROM market_toy WHERE market = 'tm' ORDER BY id LIMIT 1)`,
              );
            if (write === 'price')
              await t.services.db.query(
                `UPDATE market_toy SET price_sell = coalesce(price_sell, 0) + 1 WHERE market = 'tm'`,
              );
            if (write === 'delete-toy')
              await t.services.db.query(
                `DELETE FROM market_toy WHERE id = (SELECT max(id) FROM market_toy WHERE market = 'tm')`,
              );
            if (write === 'add-toy')
              await t.client.post('/api/market/toys/bulk-create-or-update-by-market-hash-name/', [
                { market_hash_name: `Versioned ${Math.random()}`, market: 'tm' },
              ]);
          }
          const kept = await fresh('/api/market/toys/', query);
          // The same question with a page size no one asked before is computed afresh.
          const afresh = await fresh('/api/market/toys/', { ...query, page_size: '51' });
          expect(kept.count).toBe(afresh.count);
          expect(kept.results).toEqual(afresh.results.slice(0, 50));
        },
      ),
      // A write to the toys alone (their names) first: the list must follow a table besides its own.
      { numRuns: 8, examples: [[['rename-toy']], [['price']]] },
    );
  });
});
