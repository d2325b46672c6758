import { describe, expect, it } from 'vitest';

import { ensureAdminOperator } from '../auth/operators.ts';
import { TEST_ADMIN } from '../testing/test-app.ts';
import { useTestApp } from '../testing/use-test-app.ts';

const CONSOLE = 'https://console.toydesk.test';
const t = useTestApp({
  TOYDESK_CONSOLE_ORIGINS: CONSOLE,
  TOYDESK_TRUST_PROXY: '1',
  TOYDESK_XSRF_COOKIE_DOMAIN: 'toydesk.test',
});

describe('a console on another host', () => {
  it('answers CORS preflights for the configured origin only, with credentials', async () => {
    const allowed = await t.client.request('OPTIONS', '/api/tag/', {
      headers: {
        origin: CONSOLE,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-xsrf-token,content-type',
      },
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(CONSOLE);
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-xsrf-token');
    const other = await t.client.request('OPTIONS', '/api/tag/', {
      headers: { origin: 'https://evil.test', 'access-control-request-method': 'POST' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('marks cookies Secure behind a TLS-terminating proxy', async () => {
    const c = t.newClient();
    await c.get('/api/schema/', { headers: { 'x-forwarded-proto': 'https' } });
    const login = await c.post('/api/accounts/login/', TEST_ADMIN, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(login.status).toBe(200);
    const session = login.setCookies.find((l) => l.startsWith('toydesk_session='))!;
    expect(session).toMatch(/;\s*Secure/i);
    const plain = t.newClient();
    const first = await plain.get('/api/schema/');
    expect(first.setCookies.find((l) => l.startsWith('XSRF-TOKEN='))).not.toMatch(/Secure/i);
  });

  it('gives the XSRF cookie the configured domain (the console reads it there), the session cookie none', async () => {
    const c = t.newClient();
    const first = await c.get('/api/schema/');
    expect(first.setCookies.find((l) => l.startsWith('XSRF-TOKEN='))).toMatch(/;\s*Domain=toydesk\.test/i);
    const login = await c.post('/api/accounts/login/', TEST_ADMIN);
    expect(login.setCookies.find((l) => l.startsWith('XSRF-TOKEN='))).toMatch(/;\s*Domain=toydesk\.test/i);
    expect(login.setCookies.find((l) => l.startsWith('toydesk_session='))).not.toMatch(/Domain=/i);
  });

  it('sends the operator back to the console on its own host after the login form', async () => {
    const c = t.newClient();
    const page = await c.get('/admin/login/');
    // Browsers hold the form's redirect to form-action too.
    expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${CONSOLE}`);
    const form = { csrfmiddlewaretoken: c.cookies.get('XSRF-TOKEN')!, ...TEST_ADMIN };
    const back = await c.post(
      '/admin/login/',
      { ...form, next: `${CONSOLE}/history/list?page=2` },
      { contentType: 'application/x-www-form-urlencoded', xsrf: false },
    );
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`${CONSOLE}/history/list?page=2`);
  });
});

describe('operator set-up at start', () => {
  it('updates the configured operator password and creates none when one exists', async () => {
    await ensureAdminOperator(t.services.db, TEST_ADMIN.username, 'a brand new password');
    const c = t.newClient();
    expect((await c.login(TEST_ADMIN.username, 'a brand new password')).status).toBe(200);
    expect(await ensureAdminOperator(t.services.db, 'someone-else', undefined)).toBeNull();
    const rows = await t.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM operator');
    expect(rows[0]!.n).toBe(1);
    await ensureAdminOperator(t.services.db, TEST_ADMIN.username, TEST_ADMIN.password);
  });
});
