import { describe, expect, it } from 'vitest';

import { TEST_ADMIN } from '../testing/test-app.ts';
import { useTestApp } from '../testing/use-test-app.ts';
import { MAX_FAILURES_PER_ACCOUNT } from './login-limiter.ts';

const t = useTestApp();

describe('sessions and anti-forgery', () => {
  it('hands out an XSRF-TOKEN cookie on a GET, and only when the client has none', async () => {
    const c = t.newClient();
    const first = await c.get('/api/schema/');
    expect(first.setCookies.some((l) => l.startsWith('XSRF-TOKEN='))).toBe(true);
    const again = await c.get('/api/schema/');
    expect(again.setCookies.some((l) => l.startsWith('XSRF-TOKEN='))).toBe(false);
  });

  it('refuses the JSON login without the header, logs in with it and rotates the token', async () => {
    const c = t.newClient();
    await c.get('/api/schema/');
    const before = c.cookies.get('XSRF-TOKEN');
    const refused = await c.post<{ detail: string }>('/api/accounts/login/', TEST_ADMIN, { xsrf: false });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/CSRF/);
    const ok = await c.post<{ success: boolean }>('/api/accounts/login/', TEST_ADMIN);
    expect(ok.status).toBe(200);
    expect(ok.body.success).toBe(true);
    const session = ok.setCookies.find((l) => l.startsWith('toydesk_session='))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(c.cookies.get('XSRF-TOKEN')).not.toBe(before);
    const common = await c.get<{ success: boolean; data: Record<string, unknown> }>('/api/frontend/common');
    expect(common.status).toBe(200);
    expect(common.body.success).toBe(true);
    expect(Object.keys(common.body.data)).toEqual(
      expect.arrayContaining(['markets', 'steamAccounts', 'tags', 'bot_token']),
    );
    // The console's DEMO badge: false here (TOYDESK_DEMO=0), true on a demo server.
    expect(common.body.data.demo).toBe(false);
    expect((common.body.data.markets as { code: string }[]).map((m) => m.code).sort()).toEqual([
      'bitskins',
      'cs7',
      'cs7_proxy',
      'csfloat',
      'dmarket',
      'lis_skins',
      'skinport',
      'steam',
      'tm',
      'tm_usd',
      'waxpeer',
    ]);
  });

  it('answers 401 to /api/frontend/common without a session and after logout', async () => {
    const c = t.newClient();
    expect((await c.get('/api/frontend/common')).status).toBe(401);
    await c.login(TEST_ADMIN.username, TEST_ADMIN.password);
    expect((await c.get('/api/frontend/common')).status).toBe(200);
    expect((await c.get('/api/accounts/logout/')).status).toBe(200);
    expect((await c.get('/api/frontend/common')).status).toBe(401);
  });

  it('serves a login page that works without JavaScript and redirects to next', async () => {
    const c = t.newClient();
    const page = await c.get('/admin/login/', { query: { next: '/history/list' } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('name="username"');
    expect(page.text).toContain('name="password"');
    const token = /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(page.text)![1]!;
    const form = { csrfmiddlewaretoken: token, next: '/history/list', ...TEST_ADMIN };
    const posted = await c.post('/admin/login/', form, {
      contentType: 'application/x-www-form-urlencoded',
      xsrf: false,
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get('location')).toBe('/history/list');
    expect((await c.get('/api/frontend/common')).status).toBe(200);
  });

  it('refuses the login form without its token and never redirects off-site', async () => {
    const c = t.newClient();
    await c.get('/admin/login/');
    const refused = await c.post('/admin/login/', TEST_ADMIN, {
      contentType: 'application/x-www-form-urlencoded',
      xsrf: false,
    });
    expect(refused.status).toBe(403);
    const token = c.cookies.get('XSRF-TOKEN')!;
    const offsite = await c.post(
      '/admin/login/',
      { csrfmiddlewaretoken: token, next: '//evil.example/x', ...TEST_ADMIN },
      {
        contentType: 'application/x-www-form-urlencoded',
        xsrf: false,
      },
    );
    expect(offsite.status).toBe(302);
    expect(offsite.headers.get('location')).toBe('/');
    // A browser drops the tab (`/%09/` in a link) and would follow `//evil.example/`; a newline in a
    // header was a 500. Logged in now, the page redirects at once.
    for (const next of ['/\t/evil.example/', '/x\ny']) {
      const again = await c.get('/admin/login/', { query: { next } });
      expect(again.status, JSON.stringify(next)).toBe(302);
      expect(['/', '/xy']).toContain(again.headers.get('location'));
    }
  });

  it('limits failed logins per account', async () => {
    const c = t.newClient();
    await c.get('/api/schema/');
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i += 1) {
      const wrong = await c.post<Record<string, string[]>>('/api/accounts/login/', {
        username: 'victim',
        password: `guess-${i}`,
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.non_field_errors?.[0]).toMatch(/Неверное/);
    }
    const blocked = await c.post<{ detail: string }>('/api/accounts/login/', {
      username: 'victim',
      password: 'another',
    });
    expect(blocked.status).toBe(429);
    // Other accounts are not blocked by one account's failures.
    expect((await c.post('/api/accounts/login/', TEST_ADMIN)).status).toBe(200);
  });

  it('holds the limit against 60 parallel attempts: only the allowance reaches the password check', async () => {
    const c = t.newClient();
    await c.get('/api/schema/');
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        c.post('/api/accounts/login/', { username: 'burst-victim', password: `guess-${i}` }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    // Before, every attempt was counted after its password check: 60 checked, 0 refused.
    expect(statuses.filter((s) => s === 400)).toHaveLength(MAX_FAILURES_PER_ACCOUNT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - MAX_FAILURES_PER_ACCOUNT);
  });

  it('gives field errors for a malformed login body and a 400 for broken JSON', async () => {
    const c = t.newClient();
    await c.get('/api/schema/');
    const missing = await c.post<Record<string, string[]>>('/api/accounts/login/', { username: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.password).toBeDefined();
    const broken = await c.request<{ detail: string }>('POST', '/api/accounts/login/', {
      rawBody: '{"username": ',
    });
    expect(broken.status).toBe(400);
    expect(broken.body.detail).toMatch(/JSON/);
  });
});
