import { LIVE_PATH, liveChangeSchema, type LiveTopic } from '@toydesk/contract';
import { readDataVersion } from '@toydesk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createMarketAccount, unique } from '../testing/fixtures.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

interface LiveEvent {
  id: string;
  topics: LiveTopic[];
}

/** A reader of one live stream: its events in order, parsed as the contract says. */
async function openStream(headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(`${t.baseUrl}${LIVE_PATH}`, {
    headers: { cookie: t.client.cookieHeader(), ...headers },
    signal: controller.signal,
  });
  const events: LiveEvent[] = [];
  const waiters: Array<() => void> = [];
  const done = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = new Map(
            block
              .split('\n')
              .filter((line) => !line.startsWith(':') && line.includes(': '))
              .map((line) => [line.slice(0, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)]),
          );
          if (fields.get('event') !== 'change') continue;
          const body = liveChangeSchema.parse(JSON.parse(fields.get('data') ?? ''));
          events.push({ id: fields.get('id') ?? '', topics: body.topics });
          for (const wake of waiters.splice(0)) wake();
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  /** Waits until an event after the first `after` ones names `topic`. */
  const next = async (topic: LiveTopic, after: number): Promise<LiveEvent> => {
    for (;;) {
      const found = events.slice(after).find((event) => event.topics.includes(topic));
      if (found) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return {
    response,
    events,
    next,
    close: async () => {
      controller.abort();
      await done;
    },
  };
}

const waitForFirst = async (stream: Awaited<ReturnType<typeof openStream>>) => {
  while (stream.events.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  return stream.events[0]!;
};

describe('GET /api/live/', () => {
  it('refuses a request without a session, in the API error format', async () => {
    const response = await fetch(`${t.baseUrl}${LIVE_PATH}`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ detail: expect.stringContaining('Authentication credentials') });
  });

  it('opens with the current versions and nothing changed, as an event stream', async () => {
    const stream = await openStream();
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    const first = await waitForFirst(stream);
    expect(first.topics).toEqual([]);
    expect(first.id).toMatch(/^\d+(\.\d+)+$/);
    await stream.close();
  });

  it('tells a tab which topic changed after a committed write, and only that', async () => {
    const stream = await openStream();
    await waitForFirst(stream);
    await t.services.db.query(
      `INSERT INTO bot_alert (kind, severity, message) VALUES ('proxy_down', 'warning', 'live test')`,
    );
    const event = await stream.next('alerts', 1);
    expect(event.topics).toEqual(['alerts']);
    await t.services.db.query(`INSERT INTO proxy (host, port) VALUES ('127.0.0.1', 3128)`);
    expect((await stream.next('proxies', 1)).topics).toEqual(['proxies']);
    await stream.close();
  });

  it('a tab that reconnects with Last-Event-ID hears at once what changed while it was away', async () => {
    const first = await openStream();
    const since = (await waitForFirst(first)).id;
    await first.close();
    await t.services.db.query(
      `INSERT INTO bot_alert (kind, severity, message) VALUES ('ban', 'error', 'while away')`,
    );
    const again = await openStream({ 'last-event-id': since });
    const opening = await waitForFirst(again);
    expect(opening.topics).toContain('alerts');
    expect(opening.topics).not.toContain('history');
    await again.close();
    // A made-up id: the tab reads everything again.
    const madeUp = await openStream({ 'last-event-id': 'nonsense' });
    expect((await waitForFirst(madeUp)).topics.length).toBeGreaterThan(1);
    await madeUp.close();
  });

  it("a trading loop's status moves its topic; a tick's running → scheduled does not", async () => {
    const accountId = await createMarketAccount(t.client, unique('live'), { market: 'tm' });
    await t.services.db.query(
      `INSERT INTO bot_trading_loop (market_account, loop, state) VALUES ($1, 'deliver', 'scheduled')
       ON CONFLICT (market_account, loop) DO UPDATE SET state = 'scheduled', last_error = NULL`,
      [accountId],
    );
    const stream = await openStream();
    await waitForFirst(stream);
    const before = await readDataVersion(t.services.db, ['bot_trading_loop']);
    // Ticks: running, then scheduled again, with times and a summary.
    for (const state of ['running', 'scheduled', 'running', 'scheduled']) {
      await t.services.db.query(
        `UPDATE bot_trading_loop SET state = $2, last_run_at = now(), last_summary = 'tick'
          WHERE market_account = $1 AND loop = 'deliver'`,
        [accountId, state],
      );
    }
    expect(await readDataVersion(t.services.db, ['bot_trading_loop'])).toBe(before);
    // A change the stream must carry after them: the loop failed.
    await t.services.db.query(
      `UPDATE bot_trading_loop SET state = 'failed', last_error = 'banned' WHERE market_account = $1 AND loop = 'deliver'`,
      [accountId],
    );
    await stream.next('trading', 1);
    const tradingEvents = stream.events.filter((event) => event.topics.includes('trading'));
    expect(tradingEvents).toHaveLength(1);
    await stream.close();
  });
  it('checklists and spending move their topics on a change, not on a write that changes nothing', async () => {
    const accountId = await createMarketAccount(t.client, unique('live-spend'), { market: 'tm' });
    const [{ steam_account: steamAccount } = { steam_account: 0 }] = await t.services.db.query<{
      steam_account: number;
    }>('SELECT steam_account FROM market_account WHERE id = $1', [accountId]);
    const version = () => readDataVersion(t.services.db, ['account_checklist', 'market_spend']);
    const stream = await openStream();
    await waitForFirst(stream);

    await t.services.db.query(
      `INSERT INTO account_checklist (steam_account, steps) VALUES ($1, '{"login": {"state": "running"}}')`,
      [steamAccount],
    );
    expect((await stream.next('checklists', 1)).topics).toEqual(['checklists']);
    let before = await version();
    // Not a change: the same steps (only updated_at), an UPDATE of no row.
    await t.services.db.query(
      `UPDATE account_checklist SET steps = steps, updated_at = now() WHERE steam_account = $1`,
      [steamAccount],
    );
    await t.services.db.query(`UPDATE account_checklist SET steps = '{}' WHERE steam_account = -1`);
    expect(await version()).toBe(before);
    const seen = stream.events.length;
    await t.services.db.query(
      `UPDATE account_checklist SET steps = '{"login": {"state": "done"}}' WHERE steam_account = $1`,
      [steamAccount],
    );
    expect(await version()).not.toBe(before);
    await stream.next('checklists', seen);

    const events = stream.events.length;
    await t.services.db.query(
      `INSERT INTO market_spend (market_account, market, call, custom_id, source, amount, currency, state)
       VALUES ($1, 'tm', 'buy', 'live-1', 'proxy', 10, 'RUB', 'reserved')`,
      [accountId],
    );
    expect((await stream.next('spending', events)).topics).toEqual(['spending']);
    before = await version();
    await t.services.db.query(`UPDATE market_spend SET state = state WHERE market_account = $1`, [accountId]);
    await t.services.db.query(
      `INSERT INTO market_spend_guard (market_account, daily_cap, currency) VALUES ($1, 100, 'RUB')`,
      [accountId],
    );
    const guarded = await version();
    expect(guarded).not.toBe(before);
    await t.services.db.query(
      `UPDATE market_spend_guard SET daily_cap = 100, updated_at = now() WHERE market_account = $1`,
      [accountId],
    );
    expect(await version()).toBe(guarded);
    await t.services.db.query(`UPDATE market_spend SET state = 'done' WHERE market_account = $1`, [
      accountId,
    ]);
    expect(await version()).not.toBe(guarded);
    await stream.close();
  });
});
