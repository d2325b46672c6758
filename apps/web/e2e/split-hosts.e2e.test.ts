import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { WEB_ROOT } from '../scripts/ensure-build.ts';
import { CHROMIUM, CHROMIUM_ARGS } from './e2e-constants.ts';
import { hasChromium, problemsExcept, screenshot, waitForTable, watchProblems } from './harness.ts';

/*
 * Deliverable 5 of issue 14: the console, the API and the bot services each on a host of its own, as the
 * spec lays them out, with the settings docs/deployment.md gives (CORS origins, the XSRF cookie's domain,
 * the console built with the API's and bots' addresses). Three loopback addresses stand for three machines;
 * Chromium maps a name of one domain to each (host-resolver-rules), since a console reading the anti-forgery
 * cookie the API sets needs a domain both share, and cookies go with cross-host calls only within one site.
 * The server and the bot services are the production commands on a PostgreSQL database of their own.
 */

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const HOSTS = {
  console: { name: 'console.toydesk.test', address: '127.0.0.2' },
  api: { name: 'api.toydesk.test', address: '127.0.0.3' },
  bots: { name: 'bots.toydesk.test', address: '127.0.0.4' },
} as const;
const ADMIN = { username: 'split', password: 'split-hosts-password' };
const PG_URL = process.env.TOYDESK_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const START_TIMEOUT_MS = 120_000;

/** A port free on the console's address; the three hosts use the same number. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, HOSTS.console.address, resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The console built for this layout: its API and bot services on their own hosts (VITE_*_BASE_URL). */
async function buildSplitConsole(outDir: string, apiOrigin: string, botsOrigin: string): Promise<void> {
  const saved = { ...process.env };
  Object.assign(process.env, {
    VITE_API_BASE_URL: apiOrigin,
    VITE_BOTS_BASE_URL: botsOrigin,
    // Vitest sets 'test'; Vite would then bundle React's development build.
    NODE_ENV: 'production',
  });
  try {
    const { build } = await import('vite');
    await build({
      root: WEB_ROOT,
      configFile: path.join(WEB_ROOT, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    for (const key of ['VITE_API_BASE_URL', 'VITE_BOTS_BASE_URL', 'NODE_ENV'] as const) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

/** The console's host: its files as a static web server or CDN serves them, index.html for every page. */
async function serveConsole(distDir: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const urlPath = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.join(distDir, path.normalize(urlPath));
    const isAsset = file.startsWith(distDir) && path.extname(file) !== '' && !file.endsWith('.html');
    const target = isAsset ? file : path.join(distDir, 'index.html');
    readFile(target).then(
      (body) => {
        response.writeHead(200, {
          'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream',
        });
        response.end(body);
      },
      () => {
        response.writeHead(404);
        response.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(port, HOSTS.console.address, resolve));
  return server;
}

interface Started {
  child: ChildProcess;
  output: string[];
}

/** A production process (`node --import tsx <entry>`, as the systemd units run it). */
function startProcess(entry: string, env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    output.splice(0, Math.max(0, output.length - 40));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output };
}

async function waitReady(origin: string, started: Started): Promise<void> {
  const until = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < until) {
    if (started.child.exitCode !== null) break;
    const ready = await fetch(`${origin}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${origin} did not get ready:\n${started.output.join('')}`);
}

async function stopProcess(started: Started | undefined): Promise<void> {
  const child = started?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(killer);
}

describe.skipIf(!hasChromium)('console, API and bot services on three hosts', () => {
  let port = 0;
  const origin = (host: keyof typeof HOSTS) => `http://${HOSTS[host].name}:${port}`;
  const database = `toydesk_split_${randomBytes(4).toString('hex')}`;
  let distDir = '';
  let consoleServer: Server | undefined;
  let api: Started | undefined;
  let bots: Started | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    port = await freePort();
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const dbUrl = new URL(PG_URL);
    dbUrl.pathname = `/${database}`;

    const shared = {
      DATABASE_URL: dbUrl.href,
      TOYDESK_SECRET_KEY: randomBytes(32).toString('hex'),
      PORT: String(port),
      TOYDESK_LOG_LEVEL: 'warn',
      // What docs/deployment.md asks of a console on another host.
      TOYDESK_CONSOLE_ORIGINS: origin('console'),
    };
    api = startProcess('apps/server/src/main.ts', {
      ...shared,
      HOST: HOSTS.api.address,
      TOYDESK_DEMO: '0',
      TOYDESK_ADMIN_USER: ADMIN.username,
      TOYDESK_ADMIN_PASSWORD: ADMIN.password,
      TOYDESK_XSRF_COOKIE_DOMAIN: 'toydesk.test',
    });
    await waitReady(`http://${HOSTS.api.address}:${port}`, api);
    bots = startProcess('apps/bots/src/main-bots.ts', { ...shared, HOST: HOSTS.bots.address });

    distDir = await mkdtemp(path.join(tmpdir(), 'toydesk-split-console-'));
    await buildSplitConsole(distDir, origin('api'), origin('bots'));
    consoleServer = await serveConsole(distDir, port);
    await waitReady(`http://${HOSTS.bots.address}:${port}`, bots);

    const rules = Object.values(HOSTS)
      .map((host) => `MAP ${host.name} ${host.address}`)
      .join(',');
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [...CHROMIUM_ARGS, `--host-resolver-rules=${rules}`],
    });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'ru-RU' });
    page = await context.newPage();
    watchProblems(page, problems);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (consoleServer ? consoleServer.close(resolve) : resolve(undefined)));
    await Promise.all([stopProcess(api), stopProcess(bots)]);
    if (distDir) await rm(distDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });

  it('logs in on the API host and comes back to the console on its own host', async () => {
    await page.goto(`${origin('console')}/tags`);
    // No session yet: the console sends the operator to the API's login page.
    await page.waitForURL(`${origin('api')}/admin/login/**`);
    await page.fill('#id_username', ADMIN.username);
    await page.fill('#id_password', ADMIN.password);
    await Promise.all([page.waitForURL(`${origin('console')}/tags`), page.click('button[type="submit"]')]);
    await waitForTable(page);
    // The console's script reads the anti-forgery cookie the API set for the shared domain.
    expect(await page.evaluate(() => document.cookie)).toMatch(/XSRF-TOKEN=/);
    await screenshot(page, 'split-hosts-logged-in');
  });

  it('writes through the API from the console (CORS with credentials, X-XSRF-TOKEN)', async () => {
    const name = `split-${Date.now()}`;
    await page.getByRole('button', { name: 'Создать' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Название' }).fill(name);
    const [created] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().startsWith(`${origin('api')}/api/tag/`) && r.request().method() === 'POST',
      ),
      dialog.getByRole('button', { name: 'Создать' }).click(),
    ]);
    expect(created.status()).toBe(201);
    await page.getByRole('row').filter({ hasText: name }).waitFor();
  });

  it('calls the bot services on their host with the bot token of this session', async () => {
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().startsWith(`${origin('bots')}/api-node/proxy/`)),
      page.goto(`${origin('console')}/proxy`),
    ]);
    expect(answer.status()).toBe(200);
    expect(answer.request().headers()['x-app-token']).toMatch(/^[\w-]{43}$/);
    await waitForTable(page);
    await screenshot(page, 'split-hosts-bot-call');
  });

  it('met no page errors besides the first, logged-out request', () => {
    // Chromium ignores COOP on plain HTTP away from localhost, and says so; deployments use HTTPS.
    expect(problemsExcept(problems, [/401/, /Cross-Origin-Opener-Policy header has been ignored/])).toEqual(
      [],
    );
  });
});
