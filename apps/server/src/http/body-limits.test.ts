import { connect } from 'node:net';

import { describe, expect, it } from 'vitest';

import { TEST_ADMIN } from '../testing/test-app.ts';
import { useTestApp } from '../testing/use-test-app.ts';

const t = useTestApp();

/** Sends only the head and the first KB of a `declared`-byte body; resolves with the answer's status line. */
function answerBeforeBody(url: string, path: string, declared: number): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${declared}\r\n\r\n[${'1,'.repeat(500)}`,
      );
    });
    let head = '';
    socket.on('data', (chunk) => {
      head += chunk.toString('latin1');
      if (head.includes('\r\n')) {
        socket.destroy();
        resolve(head.slice(0, head.indexOf('\r\n')));
      }
    });
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      resolve('no answer while the body was still coming');
    }, 5_000).unref();
  });
}

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
