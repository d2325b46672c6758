import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raiseAlert } from '@toydesk/db';

import { startBotTestApp, type BotTestApp } from '../testing/bot-test-app.ts';

let t: BotTestApp;

beforeAll(async () => {
  t = await startBotTestApp();
});
afterAll(async () => t?.close());

describe('?format=csv on the bot services paged lists', () => {
  it('exports every row the filters select, past one page, with a header row and quoting', async () => {
    // Alerts of one kind count up, so each of these is its own proxy's.
    const proxies = await t.db.query<{ id: number }>(
      `INSERT INTO proxy (host, port) SELECT '10.0.0.' || n, 3128 FROM generate_series(1, 130) AS n RETURNING id`,
    );
    for (const { id: proxy } of proxies)
      await raiseAlert(t.db, {
        kind: 'proxy-down',
        severity: 'warning',
        message: `Proxy ${proxy} is down: "timeout", retry\nlater`,
        proxy,
      });
    const page = await t.request<{ count: number; results: unknown[] }>('GET', '/api-node/alerts/', {
      query: { acknowledged: '0', page_size: 10 },
    });
    expect(page.status).toBe(200);
    expect(page.body.results).toHaveLength(10);

    const response = await t.request<string>('GET', '/api-node/alerts/', {
      query: { acknowledged: '0', page_size: 10, page: 2, format: 'csv' },
    });
    expect(response.status, response.text).toBe(200);
    const records = response.text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    const header = records[0]!.split(',');
    expect(header).toEqual(expect.arrayContaining(['id', 'kind', 'message', 'proxy']));
    expect(records).toHaveLength(1 + page.body.count);
    expect(records[1]).toContain(`"Proxy ${proxies.at(-1)!.id} is down: ""timeout"", retry\nlater"`);
  });

  it('still asks for the app token', async () => {
    const response = await t.request('GET', '/api-node/alerts/', { token: null, query: { format: 'csv' } });
    expect(response.status).toBe(401);
  });
});
