import { describe, expect, it, vi } from 'vitest';

import type * as EnvModule from './env';

vi.mock('./env', async (importOriginal) => ({
  ...(await importOriginal<typeof EnvModule>()),
  backendBaseUrl: () => 'http://api.toydesk.test:8080',
}));

const { loginUrl } = await import('./common-data');

describe('loginUrl with the back end on another host', () => {
  it("sends the console's full address as next, so the login comes back to the console", () => {
    expect(loginUrl('/history/list?page=2', 'http://console.toydesk.test:8080')).toBe(
      `http://api.toydesk.test:8080/admin/login/?next=${encodeURIComponent('http://console.toydesk.test:8080/history/list?page=2')}`,
    );
  });

  it('keeps the path alone when the back end is the console itself', () => {
    expect(loginUrl('/x', 'http://api.toydesk.test:8080')).toBe(
      'http://api.toydesk.test:8080/admin/login/?next=%2Fx',
    );
  });
});
