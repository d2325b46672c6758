import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { TestClient } from '@toydesk/api-kit/testing';

import { boot, type Booted, type BootOptions } from '../boot.ts';
import { loadConfig } from '../config.ts';
import { openTestDatabase } from '@toydesk/db/testing';

export const TEST_ADMIN = { username: 'operator', password: 'correct horse battery staple' };

export interface TestApp extends Booted {
  baseUrl: string;
  /** A client already logged in as the test operator. */
  client: TestClient;
  /** Every log line the server wrote, for checks that secrets never reach a log. */
  logLines: string[];
  newClient(): TestClient;
  close(): Promise<void>;
}

/**
 * Boots the real server on a fresh database (PGlite or PostgreSQL per TOYDESK_TEST_DB) and a real port;
 * `extras` are what a launcher adds to the boot (apps/demo's demo and bot services).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  extras: Pick<BootOptions, 'prepare' | 'mounts'> = {},
): Promise<TestApp> {
  const db = await openTestDatabase();
  const logLines: string[] = [];
  const config = loadConfig({
    TOYDESK_DEMO: '0',
    TOYDESK_ADMIN_USER: TEST_ADMIN.username,
    TOYDESK_ADMIN_PASSWORD: TEST_ADMIN.password,
    TOYDESK_SECRET_KEY: randomBytes(32).toString('hex'),
    TOYDESK_DATA_DIR: '/tmp/toydesk-test-unused',
    TOYDESK_LOG_LEVEL: 'info',
    // No schedule may reach a real marketplace or proxy from a test.
    TOYDESK_PRICE_IMPORT_CRON: 'off',
    TOYDESK_PROXY_CHECK_CRON: 'off',
    TOYDESK_TRADING_DISPATCH_CRON: 'off',
    ...env,
  });
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString('utf8'));
      callback();
    },
  });
  const booted = await boot(config, { db, logStream: sink, ...extras });
  await booted.app.listen({ port: 0, host: '127.0.0.1' });
  const address = booted.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  const client = new TestClient(baseUrl);
  const login = await client.login(TEST_ADMIN.username, TEST_ADMIN.password);
  if (login.status !== 200) throw new Error(`test login failed: ${login.status} ${login.text}`);
  return {
    ...booted,
    baseUrl,
    client,
    logLines,
    newClient: () => new TestClient(baseUrl),
    close: () => booted.app.close(),
  };
}
