import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startBotTestApp, type BotTestApp } from '../../testing/bot-test-app.ts';

/** A bot endpoint that signs in on a site must not fetch whatever URL it is handed. */
describe('sign-in through Steam only on configured marketplaces', () => {
  let t: BotTestApp;
  let account: number;
  let tmBase: string;

  beforeAll(async () => {
    t = await startBotTestApp({ env: { TOYDESK_BOTS_WORKERS: '0' } });
    const [steam] = await t.db.query<{ id: number }>(
      `INSERT INTO steam_account (steam_account_name, login, password) VALUES ('login-url-bot', 'login-url-bot', $1) RETURNING id`,
      [t.runtime.vault.encrypt('pw')],
    );
    account = steam!.id;
    tmBase = t.runtime.markets.endpoints.tm.baseUrl;
  });
  afterAll(() => t?.close());

  const refusedUrls = [
    'http://127.0.0.1:5432/',
    'http://169.254.169.254/latest/meta-data/',
    'https://evil.example/login',
    'file:///etc/passwd',
  ];

  it('refuses other hosts with a 400 on login_url and starts no job', async () => {
    const jobsBefore = (await t.request<{ count: number }>('GET', '/api-node/jobs/')).body.count;
    for (const url of [
      ...refusedUrls,
      `${new URL(tmBase).protocol}//user:pw@${new URL(tmBase).host}/login`,
    ]) {
      const post = await t.request<Record<string, string[]>>(
        'POST',
        `/api-node/steam/${account}/login-on-other-site`,
        {
          body: { login_url: url },
          query: { wait: '0' },
        },
      );
      expect(post.status, url).toBe(400);
      expect(post.body.login_url?.[0], url).toBeDefined();
      const get = await t.request<Record<string, string[]>>('GET', '/api-node/steam/get-cookie-other-site/', {
        query: { id: String(account), login_url: url, wait: '0' },
      });
      expect(get.status, url).toBe(400);
    }
    const jobsAfter = (await t.request<{ count: number }>('GET', '/api-node/jobs/')).body.count;
    expect(jobsAfter).toEqual(jobsBefore);
  });

  it('accepts a configured marketplace', async () => {
    const post = await t.request('POST', `/api-node/steam/${account}/login-on-other-site`, {
      body: { login_url: `${tmBase}/login` },
      query: { wait: '0' },
    });
    expect(post.status, post.text).toBe(202);
  });
});
