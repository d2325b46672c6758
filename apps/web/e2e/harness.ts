import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

import { CHROMIUM, CHROMIUM_ARGS, SCREENSHOTS_DIR } from './e2e-constants.ts';

/**
 * What every e2e file uses (README.md beside this file): the server booted once by global-setup.ts, Debian's
 * Chromium, a page logged in through /admin/login/, waiting for table rows, the page's problems, screenshots.
 */

/** False on a machine without /usr/bin/chromium: `describe.skipIf(!hasChromium)`. */
export const hasChromium = existsSync(CHROMIUM);

/** The shared server: its origin and the operator it was booted with. */
export function e2eServer(): { baseUrl: string; admin: { username: string; password: string } } {
  return { baseUrl: inject('e2eBaseUrl'), admin: inject('e2eAdmin') };
}

export interface ConsoleSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  baseUrl: string;
  /**
   * Page errors, console errors and missing translations seen so far, one line each ('page error: ...',
   * 'console error: ...', '[i18n] missing key ...'). A file ends with `expect(session.problems).toEqual([])`
   * or filters what it caused on purpose (`problemsExcept`).
   */
  problems: string[];
  /** Navigates to a console path ('/history/list'); resolves when the document has loaded. */
  goto(pathAndQuery: string): Promise<void>;
  /** A full-viewport screenshot in test-artifacts/screenshots/<name>.png. */
  screenshot(name: string, target?: Page): Promise<string>;
  close(): Promise<void>;
}

export interface OpenConsoleOptions {
  /** The first console path; the login page sends the operator back there. Default the Steam accounts. */
  path?: string;
  /** Browser locale; the console is Russian by default whatever it is. */
  locale?: string;
  viewport?: { width: number; height: number };
  /** Wait for the first screen's table rows after the login (default true). */
  waitForRows?: boolean;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/**
 * Failed loads that say nothing about the console: item images from Steam's hosts (the machine has no
 * network beyond loopback; the console shows its placeholder) and the browser's own favicon request.
 */
function isNoise(text: string, url: string): boolean {
  if (!text.startsWith('Failed to load resource')) return false;
  if (url.endsWith('/favicon.ico')) return true;
  try {
    return !['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * Collects what a page reports as wrong into `problems`. Failed loads from the server are console errors
 * too: a test that makes the server fail on purpose filters its own lines out with `problemsExcept`.
 */
export function watchProblems(page: Page, problems: string[] = []): string[] {
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    const url = message.location().url;
    if (text.startsWith('[i18n] missing key')) problems.push(text);
    else if (message.type() === 'error' && !isNoise(text, url))
      problems.push(`console error: ${text} (${url})`);
  });
  return problems;
}

/** The problems that match none of the expected patterns. */
export function problemsExcept(problems: string[], expected: RegExp[]): string[] {
  return problems.filter((line) => !expected.some((pattern) => pattern.test(line)));
}

/** Logs in through the back end's /admin/login/ form and lands on `nextPath`. */
export async function loginThroughAdmin(
  page: Page,
  baseUrl: string,
  admin: { username: string; password: string },
  nextPath: string,
): Promise<void> {
  await page.goto(`${baseUrl}/admin/login/?next=${encodeURIComponent(nextPath)}`);
  await page.fill('#id_username', admin.username);
  await page.fill('#id_password', admin.password);
  await Promise.all([page.waitForURL(`${baseUrl}${nextPath}`), page.click('button[type="submit"]')]);
}

/** The first table's data rows are there (aria-rowindex 1 is the header row). */
export async function waitForRows(page: Page, options: { timeout?: number; table?: string } = {}) {
  const table = options.table ? `[role="table"][aria-label="${options.table}"]` : '[role="table"]';
  await page.waitForSelector(`${table} [role="row"][aria-rowindex="2"]`, {
    timeout: options.timeout ?? 20_000,
  });
}

/** A table has rendered: its first data row, or its empty-list text. */
export async function waitForTable(page: Page, options: { timeout?: number } = {}) {
  await page.waitForSelector('[role="table"] [role="row"][aria-rowindex="2"], [role="table"] p', {
    timeout: options.timeout ?? 20_000,
  });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const file = path.join(SCREENSHOTS_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/**
 * Chromium with one page logged in as the e2e operator on `options.path`, its problems watched. One per
 * file (beforeAll), closed in afterAll.
 */
export async function openConsole(options: OpenConsoleOptions = {}): Promise<ConsoleSession> {
  const { baseUrl, admin } = e2eServer();
  if (!baseUrl) throw new Error('the e2e server is not running (no Chromium, or not the web-e2e project)');
  const startPath = options.path ?? '/steam-account/list';
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({
      viewport: options.viewport ?? { width: 1440, height: 900 },
      locale: options.locale ?? 'ru-RU',
    });
    const page = await context.newPage();
    const problems = watchProblems(page);
    try {
      await loginThroughAdmin(page, baseUrl, admin, startPath);
      if (options.waitForRows ?? true) await waitForTable(page);
    } catch (error) {
      // What the page showed and said instead, for the failure's report.
      await screenshot(page, `open-console-failed-${startPath.replace(/\W+/g, '-')}`).catch(() => undefined);
      throw new Error(
        `${error instanceof Error ? error.message : String(error)}\npage problems: ${problems.join('\n') || 'none'}`,
      );
    }
    return {
      browser,
      context,
      page,
      baseUrl,
      problems,
      goto: async (pathAndQuery) => {
        await page.goto(`${baseUrl}${pathAndQuery}`);
      },
      screenshot: (name, target = page) => screenshot(target, name),
      close: () => browser.close(),
    };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/**
 * A back-end call with the session's cookies and its XSRF header, for setting up or checking data around
 * what the page does (the page itself always goes through the console's own request wrapper); `headers`
 * adds the market proxy's X-Market or the bot services' app token.
 */
export async function apiRequest(
  session: ConsoleSession,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  pathAndQuery: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const cookies = await session.context.cookies(session.baseUrl);
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await session.context.request.fetch(`${session.baseUrl}${pathAndQuery}`, {
    method,
    headers: { 'X-XSRF-TOKEN': xsrf, accept: 'application/json', ...headers },
    ...(body === undefined ? {} : { data: body }),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: the text as it came.
  }
  return { status: response.status(), body: parsed };
}

/** A page of a list reply (Django REST framework's and the bot services'). */
export interface Paged<T> {
  count: number;
  results: T[];
}

const botTokens = new WeakMap<ConsoleSession, string>();

/** A bot services call (`/api-node/...`) with the console's app token, read once from the common data. */
export async function botRequest<T>(
  session: ConsoleSession,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  let token = botTokens.get(session);
  if (token === undefined) {
    const common = await apiRequest(session, 'GET', '/api/frontend/common');
    token = (common.body as { data: { bot_token: string } }).data.bot_token;
    botTokens.set(session, token);
  }
  return (await apiRequest(session, method, path, body, { 'X-App-Token': token })) as {
    status: number;
    body: T;
  };
}

/** A Steam account with one tm market account (dry run) and its spend guards, made by a test. */
export interface TmAccountFixture {
  steamAccountId: number;
  account: { id: number; label: string };
}

/**
 * Creates a Steam account named `name` and a tm market account on it with `apiKey`, guarded by a daily cap of
 * 1500 and a price guard of 120 %; the test deletes it with `deleteTmAccount`.
 */
export async function createTmAccount(
  session: ConsoleSession,
  name: string,
  apiKey: string,
): Promise<TmAccountFixture> {
  const steam = await apiRequest(session, 'POST', '/api/steam/accounts/', { steam_account_name: name });
  if (steam.status !== 201) throw new Error(`Steam account ${name}: HTTP ${steam.status}`);
  const steamAccountId = (steam.body as { id: number }).id;
  const created = await apiRequest(session, 'POST', '/api/market/accounts/', {
    market: 'tm',
    steam_account: steamAccountId,
    api_key: apiKey,
  });
  if (created.status !== 201) throw new Error(`market account of ${name}: HTTP ${created.status}`);
  const account = created.body as { id: number; label: string };
  const guard = await botRequest(session, 'PUT', `/api-node/market-accounts/${account.id}/spend-guard/`, {
    daily_cap: '1500',
    max_price_percent: 120,
  });
  if (guard.status !== 200) throw new Error(`spend guard of ${name}: HTTP ${guard.status}`);
  return { steamAccountId, account };
}

/** Stops what a test's account may have turned on, then deletes it and its Steam account; never throws. */
export async function deleteTmAccount(session: ConsoleSession, fixture: TmAccountFixture | null) {
  if (!fixture) return;
  const { account, steamAccountId } = fixture;
  const quiet = (call: Promise<unknown>) => call.catch(() => undefined);
  await quiet(
    apiRequest(session, 'PATCH', `/api/market/accounts/${account.id}/`, {
      dry_run: true,
      keep_online: false,
    }),
  );
  await quiet(apiRequest(session, 'DELETE', `/api/market/accounts/${account.id}/`));
  await quiet(apiRequest(session, 'DELETE', `/api/steam/accounts/${steamAccountId}/`));
}
