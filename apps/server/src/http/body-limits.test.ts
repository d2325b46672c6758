import { describe, expect, it } from 'vitest';

import { answerBeforeBody } from '../testing/answer-before-body.ts';
import { TEST_ADMIN } from '../testing/test-app.ts';
import { useTestApp } from '../testing/use-test-app.ts';

const t = useTestApp();

describe('bodies and sessions', () => {
  it('refuses an anonymous request before reading its body', async () => {
    // 60 MB announced, 1 KB sent: the answer must not wait for the rest.
    expect(await answerBeforeBody(t.baseUrl, '/api/toy/toys/toys-create-and-update/', 60 * 1024 * 1024)).toBe(
      'HTTP/1.1 401 Unauthorized',
    );
    expect(await answerBeforeBody(t.baseUrl, '/api/market-proxy/tm/1/v2/test', 60 * 1024 * 1024)).toBe(
      'HTTP/1.1 401 Unauthorized',
    );
  });

  it('takes large bodies only on the routes that take lists of rows', async () => {
    const c = t.newClient();
    await c.get('/api/schema/');
    await c.post('/api/accounts/login/', TEST_ADMIN);
    const big = 'x'.repeat(3 * 1024 * 1024);
    const tag = await c.post('/api/tag/', { name: big, color: '#ffffff' });
    expect(tag.status).toBe(413);
    // 3 MB of rows are read and stored.
    const rows = Array.from({ length: 6_000 }, (_, i) => ({ market_hash_name: `${big.slice(0, 500)}${i}` }));
    const many = await c.post('/api/toy/toys/toys-create-and-update/', rows);
    expect(many.status).toBe(200);
  });
});
