import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApp, type TestApp } from '@toydesk/server/testing';

import { mountBotServices } from './embedded-boot.ts';

// No schedule may start a job that reaches a marketplace, Steam or a proxy from this test.
const QUIET_ENV = {
  TOYDESK_PROXY_CHECK_CRON: 'off',
  TOYDESK_PRICE_IMPORT_CRON: 'off',
  TOYDESK_TRADING_DISPATCH_CRON: 'off',
  TOYDESK_JOBS_POLL_SECONDS: '0.5',
};

/**
 * The embedded default as `npm start` boots it (embedded-boot.ts): the bot services on the server's own port,
 * outside its sessions and anti-forgery.
 */
describe('bot services mounted in the server process', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(QUIET_ENV, { mounts: [mountBotServices] });
  });
  afterAll(() => server?.close());

  it('serves /api-node/ with the bot token of the common data, without cookies or X-XSRF-TOKEN', async () => {
    const common = await server.client.get<{ data: { bot_token: string } }>('/api/frontend/common');
    const token = common.body.data.bot_token;
    const bare = server.newClient();

    const none = await bare.get<{ detail: string }>('/api-node/proxy/');
    expect(none.status).toBe(401);
    expect(none.setCookies).toEqual([]);
    expect((await bare.get('/api-node/proxy/', { headers: { 'x-app-token': 'nope' } })).status).toBe(403);

    const created = await bare.post<{ id: number; password: string }>(
      '/api-node/proxy/',
      { host: '127.0.0.1', port: 9, password: 'pw-123' },
      { headers: { 'x-app-token': token }, query: { check: '0' } },
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body.password).toBe('••••••••');
    const jobs = await bare.get<{ count: number }>('/api-node/jobs/', { headers: { 'x-app-token': token } });
    expect(jobs.status).toBe(200);

    // The server's own rules are untouched: an unsafe /api call still needs the anti-forgery header.
    const forged = await server.client.post('/api/tag/', { name: 'x' }, { xsrf: false });
    expect(forged.status).toBe(403);
  });
});
