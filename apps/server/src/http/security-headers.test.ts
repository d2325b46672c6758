import { describe, expect, it } from 'vitest';

import { TEST_ADMIN } from '../testing/test-app.ts';
import { useTestApp } from '../testing/use-test-app.ts';

const t = useTestApp({ TOYDESK_CSP_EXTRA_ORIGINS: 'https://bots.example.com' });

describe('security headers', () => {
  it('sends a CSP that allows only own scripts and no framing, nosniff and no referrer', async () => {
    const c = t.newClient();
    const page = await c.get('/admin/login/');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/connect-src 'self' https:\/\/bots\.example\.com/);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });

  it('forbids caching answers that carry session data, tokens or masked secrets', async () => {
    const c = t.newClient();
    await c.get('/api/schema/');
    const login = await c.post('/api/accounts/login/', TEST_ADMIN);
    expect(login.headers.get('cache-control')).toBe('no-store');
    for (const path of [
      '/api/frontend/common',
      '/api/steam/accounts/',
      '/api/market/accounts/',
      '/api/nope/',
    ]) {
      const answer = await c.get(path);
      expect(answer.headers.get('cache-control'), path).toBe('no-store');
      expect(answer.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });
});
