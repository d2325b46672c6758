import { randomBytes } from 'node:crypto';

import { botTokenOf, newSecretToken, sessionTokenHashes } from '@toydesk/api-kit';
import { toQueryString } from '@toydesk/api-kit/testing';
import { APP_TOKEN_HEADER_KEY, MARKET_CODES } from '@toydesk/contract';
import { marketEnvName } from '@toydesk/markets';
import type { FastifyInstance } from 'fastify';

import { loadBotConfig } from '../config.ts';
import { buildBotApp } from '../http/bot-app.ts';
import type { BotLogger } from '../jobs/job-queue.ts';
import type { JobKindDef, LaneDef } from '../jobs/job-kind.ts';
import type { BotRuntime } from '../bot-runtime.ts';
import { findActiveOperatorLogin, insertOperator, insertOperatorSession, type Database } from '@toydesk/db';
import { openStandalone } from '../standalone.ts';
import { openTestDatabase } from '@toydesk/db/testing';

export interface BotResponse<T = unknown> {
  status: number;
  body: T;
  text: string;
}

export interface RequestOptions {
  /** The app token to send: default the right one; null sends none. */
  token?: string | null;
  body?: unknown;
  query?: Record<string, string | number | (string | number)[]>;
  headers?: Record<string, string>;
}

export interface BotTestApp {
  runtime: BotRuntime;
  db: Database;
  /** PostgreSQL only: the database's URL (worker processes connect to it). */
  dbUrl?: string;
  secretKey: string;
  app: FastifyInstance;
  baseUrl: string;
  /** The bot token of an operator session opened on the test database (what a login hands the console). */
  token: string;
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<BotResponse<T>>;
  close(): Promise<void>;
}

export const SILENT: BotLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Nothing listens there: a test that did not start a simulator never reaches a real host. */
const NOWHERE = 'http://127.0.0.1:9';

/**
 * Test defaults: no schedules, fast polling and maintenance, IP-literal market hosts, and every marketplace,
 * Steam and the proxy check pointed at a closed local port unless a test starts its simulator.
 */
export const TEST_ENV: Record<string, string> = {
  TOYDESK_PROXY_CHECK_CRON: 'off',
  TOYDESK_PRICE_IMPORT_CRON: 'off',
  TOYDESK_TRADING_DISPATCH_CRON: 'off',
  TOYDESK_JOBS_POLL_SECONDS: '0.5',
  // Jobs queued by another process (the kill tests' workers) are seen within this.
  TOYDESK_JOBS_IDLE_MAX_SECONDS: '2',
  TOYDESK_JOBS_MAINTENANCE_SECONDS: '1',
  TOYDESK_MARKET_ALLOW_IP_HOSTS: '1',
  TOYDESK_STEAM_URL: `${NOWHERE}/steam-sim`,
  TOYDESK_PROXY_CHECK_URL: `${NOWHERE}/robots.txt`,
  ...Object.fromEntries(MARKET_CODES.map((code) => [marketEnvName(code), `${NOWHERE}/${code}`])),
};

/** An operator session as a login opens one (the server's part); its bot token is what the tests send. */
export async function openTestBotSession(db: Database, username = 'bot-tests'): Promise<string> {
  // No password logs in with this hash: the bots' tests need the session, not the login.
  if (!(await findActiveOperatorLogin(db, username))) await insertOperator(db, username, 'none');
  const operator = await findActiveOperatorLogin(db, username);
  const session = newSecretToken();
  await insertOperatorSession(db, sessionTokenHashes(session), operator!.id, 1);
  return botTokenOf(session);
}

/** The bot services alone (as `npm run start:bots` runs them) with workers, on a fresh database and a real port. */
export async function startBotTestApp(
  options: {
    env?: Record<string, string>;
    extraKinds?: JobKindDef<unknown, BotRuntime>[];
    extraLanes?: LaneDef[];
  } = {},
): Promise<BotTestApp> {
  const db = await openTestDatabase({ poolSize: 8, prefix: 'toydesk_bots_test' });
  const secretKey = randomBytes(32).toString('hex');
  const config = loadBotConfig({
    TOYDESK_SECRET_KEY: secretKey,
    TOYDESK_DATA_DIR: '/tmp/toydesk-bots-test-unused',
    ...TEST_ENV,
    ...options.env,
  });
  const { runtime, close } = await openStandalone(config, 'embedded', SILENT, {
    db,
    extraKinds: options.extraKinds,
    extraLanes: options.extraLanes,
  });
  // The server seeds the markets at its start; a bots-only test database needs them too.
  await db.query(
    `INSERT INTO market (code, name) SELECT c, c FROM unnest($1::text[]) AS c ON CONFLICT (code) DO NOTHING`,
    [[...MARKET_CODES]],
  );
  const token = await openTestBotSession(db);
  const app = await buildBotApp(runtime);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    runtime,
    db,
    dbUrl: db.url,
    secretKey,
    app,
    baseUrl,
    token,
    async request<T>(method: string, path: string, request: RequestOptions = {}) {
      const headers: Record<string, string> = { ...request.headers };
      const sent = request.token === undefined ? token : request.token;
      if (sent !== null) headers[APP_TOKEN_HEADER_KEY] = sent;
      if (request.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${baseUrl}${path}${toQueryString(request.query)}`, {
        method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      });
      const text = await response.text();
      const json =
        (response.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text;
      return { status: response.status, body: json as T, text };
    },
    async close() {
      await app.close();
      await close();
    },
  };
}
