import { botDeliveryListQuerySchema, botDeliverySchema, type BotDelivery } from '@toydesk/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startBotTestApp, type BotTestApp } from '../../../testing/bot-test-app.ts';

/**
 * GET /api-node/deliveries/: the console's read of bot_delivery, newest sale first, page by page, filtered
 * by state, market account and sale date; bad filters are a 400 with field errors.
 */

interface Page {
  count: number;
  next: string | null;
  previous: string | null;
  results: BotDelivery[];
}

let t: BotTestApp;
let tm: number;
let tmUsd: number;

/** Seven deliveries over three days on two accounts, in every state. */
const ROWS: {
  account: 'tm' | 'tmUsd';
  deal: string;
  state: BotDelivery['state'];
  soldAt: string;
  offer?: string;
  error?: string;
}[] = [
  {
    account: 'tm',
    deal: '3900000001',
    state: 'delivered',
    soldAt: '2026-03-01T08:00:00Z',
    offer: '7100000001',
  },
  {
    account: 'tm',
    deal: '3900000002',
    state: 'failed',
    soldAt: '2026-03-01T23:59:59.5Z',
    offer: '7100000002',
    error: 'Steam offer Declined',
  },
  {
    account: 'tmUsd',
    deal: '3900000003',
    state: 'delivered',
    soldAt: '2026-03-02T00:00:00Z',
    offer: '7100000003',
  },
  {
    account: 'tm',
    deal: '3900000004',
    state: 'trade_ready',
    soldAt: '2026-03-02T12:00:00Z',
    offer: '7100000004',
  },
  {
    account: 'tmUsd',
    deal: '3900000005',
    state: 'sent',
    soldAt: '2026-03-02T12:00:00Z',
    offer: '7100000005',
  },
  { account: 'tm', deal: '3900000006', state: 'pending', soldAt: '2026-03-03T09:30:00Z' },
  {
    account: 'tmUsd',
    deal: '3900000007',
    state: 'failed',
    soldAt: '2026-03-03T10:00:00Z',
    error: 'the market failed the deal',
  },
];

beforeAll(async () => {
  t = await startBotTestApp({ env: { TOYDESK_BOTS_WORKERS: '0' } });
  const [steam] = await t.db.query<{ id: number }>(
    `INSERT INTO steam_account (steam_account_name, login, password) VALUES ('deliveries-bot', 'deliveries-bot', $1)
     RETURNING id`,
    [t.runtime.vault.encrypt('pw')],
  );
  const account = async (market: string, currency: string) => {
    const [row] = await t.db.query<{ id: number }>(
      `INSERT INTO market_account (market, steam_account, api_key, currency) VALUES ($1, $2, $3, $4) RETURNING id`,
      [market, steam!.id, t.runtime.vault.encrypt('0123456789abcdef0123456789abcdef'), currency],
    );
    return row!.id;
  };
  tm = await account('tm', 'RUB');
  tmUsd = await account('tm_usd', 'USD');
  for (const row of ROWS) {
    const done = row.state === 'delivered' || row.state === 'failed';
    await t.db.query(
      `INSERT INTO bot_delivery (market_account, market, deal_id, asset_id, market_hash_name, classid_instanceid,
         price, currency, offer_code, offer_id, state, steam_state, error, sold_seen_at, offer_sent_at,
         trade_ready_at, finished_at)
       VALUES ($1, $2, $3, $4, 'AK-47 | Redline (Field-Tested)', '310776560_188530139', '1234.50', $5, $6, $7, $8,
         $9, $10, $11::timestamptz, CASE WHEN $7::text IS NULL THEN NULL ELSE $11::timestamptz + interval '20 seconds' END,
         CASE WHEN $8 IN ('trade_ready', 'delivered') THEN $11::timestamptz + interval '30 seconds' END,
         CASE WHEN $12 THEN $11::timestamptz + interval '1 hour' END)`,
      [
        row.account === 'tm' ? tm : tmUsd,
        row.account === 'tm' ? 'tm' : 'tm_usd',
        row.deal,
        `2700000${row.deal.slice(-3)}`,
        row.account === 'tm' ? 'RUB' : 'USD',
        row.offer ? `code${row.deal.slice(-3)}` : null,
        row.offer ?? null,
        row.state,
        row.offer
          ? row.state === 'delivered'
            ? 'Accepted'
            : row.state === 'failed'
              ? 'Declined'
              : 'Active'
          : null,
        row.error ?? null,
        row.soldAt,
        done,
      ],
    );
  }
});
afterAll(() => t?.close());

const list = (query: Record<string, string | number | (string | number)[]> = {}) =>
  t.request<Page>('GET', '/api-node/deliveries/', { query });
const deals = (page: Page) => page.results.map((row) => row.deal_id);

describe('the deliveries list', () => {
  it('answers every delivery newest sale first (ties by id), in the contract shape, money as text', async () => {
    const all = await list();
    expect(all.status, all.text).toBe(200);
    expect(all.body.count).toBe(ROWS.length);
    expect(deals(all.body)).toEqual([
      '3900000007',
      '3900000006',
      '3900000005',
      '3900000004',
      '3900000003',
      '3900000002',
      '3900000001',
    ]);
    for (const row of all.body.results) expect(botDeliverySchema.parse(row)).toEqual(row);
    expect(all.body.results.at(-1)).toMatchObject({
      market_account: tm,
      market: 'tm',
      price: '1234.50',
      currency: 'RUB',
      offer_id: '7100000001',
      state: 'delivered',
      steam_state: 'Accepted',
      sold_seen_at: '2026-03-01T08:00:00.000Z',
      finished_at: '2026-03-01T09:00:00.000Z',
    });
    expect(all.body.results[0]).toMatchObject({ state: 'failed', error: 'the market failed the deal' });
  });

  it('filters by state (repeatable) and by market account', async () => {
    expect(deals((await list({ state: 'failed' })).body)).toEqual(['3900000007', '3900000002']);
    expect(deals((await list({ state: ['sent', 'trade_ready'] })).body)).toEqual([
      '3900000005',
      '3900000004',
    ]);
    expect(deals((await list({ market_account: tmUsd })).body)).toEqual([
      '3900000007',
      '3900000005',
      '3900000003',
    ]);
    expect(deals((await list({ market_account: tm, state: 'delivered' })).body)).toEqual(['3900000001']);
    expect((await list({ market_account: [tm, tmUsd] })).body.count).toBe(ROWS.length);
  });

  it('filters by sale date: a date alone is its whole UTC day, a date-time is exact with its offset', async () => {
    const day = await list({ date_from: '2026-03-01', date_to: '2026-03-01' });
    // The sale at 23:59:59.5 is still that day's; the one at midnight is the next day's.
    expect(deals(day.body)).toEqual(['3900000002', '3900000001']);
    expect(deals((await list({ date_from: '2026-03-03' })).body)).toEqual(['3900000007', '3900000006']);
    expect((await list({ date_to: '2026-03-02' })).body.count).toBe(5);
    // 15:00 in Moscow is 12:00 UTC: both noon sales, inclusive at each end.
    const exact = await list({ date_from: '2026-03-02T15:00:00+03:00', date_to: '2026-03-02T12:00:00Z' });
    expect(deals(exact.body)).toEqual(['3900000005', '3900000004']);
  });

  it('pages with next and previous links; a page past the end is 404', async () => {
    const first = await list({ page_size: 3 });
    expect(first.body).toMatchObject({ count: ROWS.length, previous: null });
    expect(first.body.next).toMatch(/page=2/);
    const third = await list({ page_size: 3, page: 3 });
    expect(deals(third.body)).toEqual(['3900000001']);
    expect(third.body.next).toBeNull();
    const pages = [first, await list({ page_size: 3, page: 2 }), third].flatMap((page) => deals(page.body));
    expect(new Set(pages).size).toBe(ROWS.length);
    expect((await list({ page_size: 3, page: 4 })).status).toBe(404);
  });

  it('refuses bad filters with 400 and field errors', async () => {
    const bad = await list({ state: 'lost', market_account: 'abc', date_from: '2026-13-01', page_size: 0 });
    expect(bad.status, bad.text).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['date_from', 'market_account', 'page_size', 'state']);
    const backwards = await list({ date_from: '2026-03-03', date_to: '2026-03-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toEqual({ date_to: [expect.stringContaining('date_to')] });
    // A date-only end counts its whole day: from 12:00 to the same day is a valid period.
    expect((await list({ date_from: '2026-03-02T12:00:00Z', date_to: '2026-03-02' })).status).toBe(200);
  });

  it('needs the app token', async () => {
    const anonymous = await t.request('GET', '/api-node/deliveries/', { token: null });
    expect(anonymous.status).toBe(401);
  });
});

describe('generated query strings: 400 exactly when the shared schema refuses, never a 5xx', () => {
  const value = fc.oneof(
    fc.constantFrom(
      'pending',
      'sent',
      'delivered',
      'lost',
      '1',
      '0',
      '-1',
      '1.5',
      '2026-03-01',
      '2026-02-30',
      '2026-03-01T12:00:00Z',
      '2026-03-01T12:00:00',
      '2026-03-01T12:00:00+03:00',
      '999999999999',
      '',
    ),
    fc.string({ maxLength: 12 }),
  );
  const query = fc.dictionary(
    fc.oneof(
      fc.constantFrom('state', 'market_account', 'date_from', 'date_to', 'page', 'page_size'),
      fc.string({ maxLength: 6 }),
    ),
    fc.oneof(value, fc.array(value, { minLength: 1, maxLength: 3 })),
    { maxKeys: 5 },
  );

  it('GET /api-node/deliveries/', async () => {
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const answer = await list(q);
        const shown = `${JSON.stringify(q)} → ${answer.status} ${answer.text}`;
        expect(answer.status, shown).toBeLessThan(500);
        // The app sees what the query string carries: strings, a key repeated as an array, once as a string.
        const parsed = botDeliveryListQuerySchema.safeParse(
          Object.fromEntries(
            Object.entries(q).map(([key, v]) => [
              key,
              Array.isArray(v) ? (v.length > 1 ? v.map(String) : String(v[0])) : String(v),
            ]),
          ),
        );
        if (!parsed.success) {
          expect(answer.status, shown).toBe(400);
          // A field's messages, or for a repeated parameter DRF's per-item form ({"0": [messages]}).
          for (const messages of Object.values(answer.body as object)) {
            const lists = Array.isArray(messages) ? [messages] : Object.values(messages as object);
            expect(lists.length, shown).toBeGreaterThan(0);
            for (const list of lists)
              expect(list, shown).toEqual(expect.arrayContaining([expect.any(String)]));
          }
        } else {
          // A valid page past the last one is 404, as on every list.
          expect([200, 404], shown).toContain(answer.status);
        }
      }),
      { numRuns: 120 },
    );
  });
});
