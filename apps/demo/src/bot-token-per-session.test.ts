import { hashSecretToken } from '@toydesk/api-kit';
import type { TestClient } from '@toydesk/api-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestApp, TEST_ADMIN, type TestApp } from '@toydesk/server/testing';

import { mountBotServices } from './embedded-boot.ts';

const QUIET_ENV = {
  TOYDESK_PROXY_CHECK_CRON: 'off',
  TOYDESK_PRICE_IMPORT_CRON: 'off',
  TOYDESK_TRADING_DISPATCH_CRON: 'off',
  TOYDESK_JOBS_POLL_SECONDS: '0.5',
};

/**
 * Issue 14: the bot services' app token was one per installation, in clear in app_setting, never rotated
 * and still valid after logout. Now each login issues its own, kept only as a hash with the session.
 */
describe('the bot token of an operator session', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(QUIET_ENV, { mounts: [mountBotServices] });
  });
  afterAll(() => server?.close());

  const signIn = async (): Promise<TestClient> => {
    const client = server.newClient();
    expect((await client.login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
    return client;
  };
  const botTokenOf = async (client: TestClient) => {
    const common = await client.get<{ data: { bot_token: string } }>('/api/frontend/common');
    expect(common.status).toBe(200);
    return common.body.data.bot_token;
  };
  /** A bot call with this token alone (no cookie): the status the bot services answer. */
  const botCall = async (token: string) =>
    (await server.newClient().get('/api-node/jobs/', { headers: { 'x-app-token': token } })).status;

  it('differs between two sessions, stays the same within one, and works for each', async () => {
    const first = await signIn();
    const second = await signIn();
    const a = await botTokenOf(first);
    const b = await botTokenOf(second);
    expect(a).toMatch(/^[\w-]{43}$/);
    expect(b).not.toBe(a);
    expect(await botTokenOf(first)).toBe(a);
    expect(await botCall(a)).toBe(200);
    expect(await botCall(b)).toBe(200);
  });

  it('is stored only as a hash: no row holds the token itself', async () => {
    const client = await signIn();
    const token = await botTokenOf(client);
    const sessions = await server.services.db.query('SELECT * FROM operator_session');
    const settings = await server.services.db.query('SELECT * FROM app_setting');
    expect(JSON.stringify([sessions, settings])).not.toContain(token);
    expect(settings.map((row) => (row as { key: string }).key)).not.toContain('bot_token');
    const hashes = sessions.map((row) => (row as { bot_token_hash: string }).bot_token_hash);
    expect(hashes).toContain(hashSecretToken(token));
  });

  it('is refused after logout, while another session keeps its own', async () => {
    const leaving = await signIn();
    const staying = await signIn();
    const revoked = await botTokenOf(leaving);
    const kept = await botTokenOf(staying);
    expect(await botCall(revoked)).toBe(200);
    expect((await leaving.get('/api/accounts/logout/')).status).toBe(200);
    expect(await botCall(revoked)).toBe(403);
    expect(await botCall(kept)).toBe(200);
    // A new login is a new token; the old one stays dead.
    const back = await botTokenOf(await signIn());
    expect(back).not.toBe(revoked);
    expect(await botCall(back)).toBe(200);
    expect(await botCall(revoked)).toBe(403);
  });

  it('is refused once its session has expired', async () => {
    const client = await signIn();
    const token = await botTokenOf(client);
    expect(await botCall(token)).toBe(200);
    await server.services.db.query(
      `UPDATE operator_session SET expires_at = now() - interval '1 second' WHERE bot_token_hash = $1`,
      [hashSecretToken(token)],
    );
    expect(await botCall(token)).toBe(403);
  });
});
