import type { BotAlert, BotJob } from '@toydesk/contract';
import { raiseAlert } from '@toydesk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startBotTestApp, type BotTestApp } from '../../testing/bot-test-app.ts';

type Page = { count: number; results: BotAlert[] };

describe('alerts API', () => {
  let t: BotTestApp;
  let marketAccount = 0;

  beforeAll(async () => {
    t = await startBotTestApp();
    const [steam] = await t.db.query<{ id: number }>(
      `INSERT INTO steam_account (steam_account_name) VALUES ('alerts') RETURNING id`,
    );
    const [market] = await t.db.query<{ id: number }>(
      `INSERT INTO market_account (market, steam_account) VALUES ('tm', $1) RETURNING id`,
      [steam!.id],
    );
    marketAccount = market!.id;
  });
  afterAll(() => t?.close());

  it('needs the app token', async () => {
    expect((await t.request('GET', '/api-node/alerts/', { token: null })).status).toBe(401);
    expect((await t.request('GET', '/api-node/alerts/', { token: `${t.token}x` })).status).toBe(403);
    expect((await t.request('POST', '/api-node/alerts/ack-all/', { token: null })).status).toBe(401);
    expect((await t.request('POST', '/api-node/alerts/1/ack/', { token: null })).status).toBe(401);
  });

  it('counts an alert raised again while open, lists newest first, filters, acknowledges', async () => {
    const ban = { kind: 'market-ban', severity: 'error', marketAccount } as const;
    const first = await raiseAlert(t.db, { ...ban, message: 'banned until tomorrow' });
    const again = await raiseAlert(t.db, { ...ban, message: 'banned until the day after' });
    expect(again.id).toBe(first.id);
    expect(again).toMatchObject({ count: 2, message: 'banned until the day after', acknowledged_at: null });
    expect(Date.parse(again.last_at)).toBeGreaterThanOrEqual(Date.parse(again.first_at));
    const other = await raiseAlert(t.db, { kind: 'proxy-down', severity: 'warning', message: 'down' });

    const all = await t.request<Page>('GET', '/api-node/alerts/');
    expect(all.status, all.text).toBe(200);
    expect(all.body.results.map((a) => a.id)).toEqual([other.id, first.id]);
    const mine = await t.request<Page>('GET', '/api-node/alerts/', {
      query: { market_account: marketAccount },
    });
    expect(mine.body.results.map((a) => a.id)).toEqual([first.id]);
    const newer = await t.request<Page>('GET', '/api-node/alerts/', { query: { after_id: first.id } });
    expect(newer.body.results.map((a) => a.id)).toEqual([other.id]);

    const acked = await t.request<BotAlert>('POST', `/api-node/alerts/${first.id}/ack/`);
    expect(acked.status, acked.text).toBe(200);
    expect(acked.body.acknowledged_at).not.toBeNull();
    const open = await t.request<Page>('GET', '/api-node/alerts/', { query: { acknowledged: 0 } });
    expect(open.body.results.map((a) => a.id)).toEqual([other.id]);
    const closed = await t.request<Page>('GET', '/api-node/alerts/', { query: { acknowledged: 1 } });
    expect(closed.body.results.map((a) => a.id)).toEqual([first.id]);

    // Raised after its acknowledgement: a new alert.
    const fresh = await raiseAlert(t.db, { ...ban, message: 'banned again' });
    expect(fresh.id).not.toBe(first.id);
    expect(fresh.count).toBe(1);

    const all2 = await t.request<{ acknowledged: number }>('POST', '/api-node/alerts/ack-all/');
    expect(all2.status).toBe(200);
    expect(all2.body).toEqual({ acknowledged: 2 });
    const left = await t.request<Page>('GET', '/api-node/alerts/', { query: { acknowledged: 0 } });
    expect(left.body.count).toBe(0);
    expect((await t.request('POST', '/api-node/alerts/999999/ack/')).status).toBe(404);
  });

  it('answers bad input with 400 field errors', async () => {
    const bad: Record<string, string | number>[] = [
      { acknowledged: 'maybe' },
      { after_id: -1 },
      { market_account: 'abc' },
      { page_size: 0 },
    ];
    for (const query of bad) {
      const response = await t.request<Record<string, unknown>>('GET', '/api-node/alerts/', { query });
      expect(response.status, `${JSON.stringify(query)}: ${response.text}`).toBe(400);
      expect(Object.keys(response.body)).toEqual(Object.keys(query));
    }
    expect((await t.request('POST', '/api-node/alerts/abc/ack/')).status).toBe(404);
  });

  it('raises proxy-down once when a health check finds a working proxy down, not again while it stays down', async () => {
    const [proxy] = await t.db.query<{ id: number }>(
      `INSERT INTO proxy (host, port, status) VALUES ('127.0.0.1', 9, 'up') RETURNING id`,
    );
    const check = async () => {
      const job = (await t.runtime.queue.enqueue('proxy.check', { proxy: proxy!.id })) as BotJob;
      return t.runtime.queue.waitFor(job.id, 30_000);
    };
    expect(await check()).toMatchObject({ state: 'done', result: { status: 'down' } });
    const alerts = await t.db.query<{ kind: string; proxy: number; count: number }>(
      `SELECT kind, proxy, count FROM bot_alert WHERE proxy = $1`,
      [proxy!.id],
    );
    expect(alerts).toEqual([{ kind: 'proxy-down', proxy: proxy!.id, count: 1 }]);
    // Still down: no new alert, no count up (only the change from up or unknown to down is news).
    await check();
    const still = await t.db.query('SELECT count FROM bot_alert WHERE proxy = $1', [proxy!.id]);
    expect(still).toEqual([{ count: 1 }]);
  });
});
