import { request as httpRequest } from 'node:http';

import type { TestApp } from './test-app.ts';

/**
 * A logged-in GET that sends the path exactly as written (fetch would resolve dot segments before the
 * server saw them), for the market proxy's escape tests; resolves with the status.
 */
export function rawGet(t: TestApp, path: string, headers: Record<string, string>): Promise<number> {
  const url = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'GET',
        headers: {
          cookie: t.client.cookieHeader(),
          'x-xsrf-token': t.client.cookies.get('XSRF-TOKEN') ?? '',
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}
