import { randomBytes } from 'node:crypto';

import { isLoopbackHost, type BotJob } from '@toydesk/contract';
import type { ProxySimulator } from '@toydesk/simulators/proxy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createVault, migrate, type Database, type Vault } from '@toydesk/db';
import { openTestDatabase, TEST_PG_URL } from '@toydesk/db/testing';
import {
  recordConnections,
  startTestApp,
  type ConnectionRecorder,
  type TestApp,
} from '@toydesk/server/testing';

import { DEMO_PROXIES } from './data/infrastructure.ts';
import { startDemoProxies } from './demo-proxies.ts';
import { embeddedBoot } from './embedded-boot.ts';

/**
 * Demo mode must never contact a real host. Its proxy rows used to name 10.0.0.11–18, and every health
 * check connected to them; now each demo start serves them from the proxy simulator on loopback and the
 * check fetches the simulators' robots.txt.
 */

/**
 * Trading loops run in dry run besides keep-online (every loop takes its account, proxy included, from the
 * same loadTradingAccount; dynamic-orders is left out: its price reads wait on tm's 5-per-second limit).
 */
const DRY_RUN_LOOPS = ['deliver', 'list-reprice'];

type ProxyRow = {
  id: number;
  protocol: string;
  host: string;
  port: number;
  username: string | null;
  comment: string | null;
};

const rowsOf = (db: Database) =>
  db.query<ProxyRow>('SELECT id, protocol, host, port, username, comment FROM proxy ORDER BY id');

describe('startDemoProxies: which rows move to the simulator', () => {
  let db: Database;
  let vault: Vault;
  let sim: ProxySimulator | undefined;
  beforeAll(async () => {
    db = await openTestDatabase();
    await migrate(db);
    vault = createVault(randomBytes(32));
  });
  afterAll(async () => {
    await sim?.close();
    await db?.close();
  });

  it("moves the demo's rows (also ones seeded on 10.0.0.x as https) and leaves an operator's alone", async () => {
    const rows: [string, string, number, string, string | null][] = [
      // Seeded before the simulator existed.
      ['https', '10.0.0.13', 8443, 'proxy03', 'Frankfurt pool'],
      ['socks5', '127.0.0.1', 1080, 'proxy04', 'Frankfurt pool'],
      ['http', '127.0.0.1', 3128, 'proxy06', 'Moscow pool'],
      // An operator moved a demo row to a real proxy; an operator's own; a demo name with another comment.
      ['http', '192.0.2.10', 3128, 'proxy01', 'Frankfurt pool'],
      ['http', '127.0.0.1', 8888, 'alice', null],
      ['http', '127.0.0.1', 3128, 'proxy02', 'mine'],
    ];
    for (const [protocol, host, port, username, comment] of rows) {
      await db.query(
        `INSERT INTO proxy (protocol, host, port, username, password, comment) VALUES ($1, $2, $3, $4, $5, $6)`,
        [protocol, host, port, username, vault.encrypt(`pw-${username}`), comment],
      );
    }
    const lines: string[] = [];
    sim = await startDemoProxies(db, vault, (line) => lines.push(line));
    expect(sim.proxies.map((p) => [p.protocol, p.credentials, p.down])).toEqual([
      ['http', { username: 'proxy03', password: 'pw-proxy03' }, false],
      ['socks5', { username: 'proxy04', password: 'pw-proxy04' }, false],
      ['http', { username: 'proxy06', password: 'pw-proxy06' }, true],
    ]);
    const after = await rowsOf(db);
    expect(after.map((r) => [r.protocol, r.host, r.port])).toEqual([
      ['http', '127.0.0.1', sim.proxies[0]!.port],
      ['socks5', '127.0.0.1', sim.proxies[1]!.port],
      ['http', '127.0.0.1', sim.proxies[2]!.port],
      ['http', '192.0.2.10', 3128],
      ['http', '127.0.0.1', 8888],
      ['http', '127.0.0.1', 3128],
    ]);
    expect(lines).toEqual(['proxy simulator: 3 demo proxies on 127.0.0.1 (1 down on purpose)']);
  });
});

/** The test database's server: the only connection a booted server may make that is not its own loopback. */
const databaseEndpoint =
  process.env.TOYDESK_TEST_DB === 'postgres'
    ? (() => {
        const url = new URL(TEST_PG_URL);
        return { host: url.hostname, port: Number(url.port || 5432) };
      })()
    : null;

describe('a booted demo server', () => {
  // Booted as `npm start` boots: the demo and the bot services (the health checks run as bot jobs).
  const embedded = embeddedBoot();
  let app: TestApp;
  let recorder: ConnectionRecorder;
  let bots: { headers: Record<string, string> };

  beforeAll(async () => {
    recorder = recordConnections();
    // The schedules stay off (startTestApp): the tests queue the checks and trading ticks themselves.
    app = await startTestApp({ TOYDESK_DEMO: '1', TOYDESK_PROXY_CHECK_TIMEOUT_MS: '5000' }, embedded);
    const common = await app.client.get<{ data: { bot_token: string } }>('/api/frontend/common');
    bots = { headers: { 'x-app-token': common.body.data.bot_token } };
    // The whole demo load (seconds on an idle machine) on a machine busy with other suites.
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    recorder?.stop();
  });

  const finished = async (id: string): Promise<BotJob> => {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const job = await app.newClient().get<BotJob>(`/api-node/jobs/${id}/`, bots);
      if (['done', 'failed', 'cancelled'].includes(job.body.state)) return job.body;
      if (Date.now() > deadline) throw new Error(`job ${id} still ${job.body.state}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  /** Queues a job through the bot API (202) and waits for it to end. */
  const run = async (path: string): Promise<BotJob> => {
    const started = await app.newClient().post<BotJob>(path, undefined, bots);
    expect(started.status, started.text).toBe(202);
    return finished(started.body.id);
  };
  const check = async (id: number) => {
    const job = await run(`/api-node/proxy/${id}/check/`);
    expect(job.state).toBe('done');
    return job.result as { status: string; http_status: number | null; error: string | null };
  };

  it('serves every demo proxy on loopback from the simulator, as http or socks5', async () => {
    const rows = await rowsOf(app.services.db);
    const sim = embedded.demo()!.proxies;
    expect(rows.map((r) => r.username)).toEqual(DEMO_PROXIES.map((p) => p.username));
    expect(rows.map((r) => [r.protocol, r.host, r.port])).toEqual(
      sim.proxies.map((p) => [p.protocol, '127.0.0.1', p.port]),
    );
    expect(rows.map((r) => r.protocol)).toEqual(DEMO_PROXIES.map((p) => p.protocol));
    expect(rows.every((r) => isLoopbackHost(r.host))).toBe(true);
  });

  it("checks each through its proxy against the simulators' robots.txt: up, and the down one down", async () => {
    const simulatorUrl = app.services.markets.simulatorUrl!;
    const rows = await rowsOf(app.services.db);
    const results = await Promise.all(rows.map((row) => check(row.id)));
    expect(results).toEqual(
      DEMO_PROXIES.map((p) =>
        p.down
          ? {
              proxy: expect.any(Number),
              status: 'down',
              latency_ms: null,
              http_status: 502,
              error: 'HTTP 502',
              reason: 'http_status',
            }
          : {
              proxy: expect.any(Number),
              status: 'up',
              latency_ms: expect.any(Number),
              http_status: 200,
              error: null,
              reason: null,
            },
      ),
    );
    // What the proxies were asked for: the simulators' robots.txt, through each one, with its login.
    const simPort = new URL(simulatorUrl).port;
    for (const proxy of embedded.demo()!.proxies.proxies) {
      if (proxy.protocol === 'http') {
        expect(proxy.server.seen.map((s) => [s.target, s.outcome])).toEqual([
          [`${simulatorUrl}/robots.txt`, proxy.down ? 'down' : 'forwarded'],
        ]);
      } else {
        expect(proxy.server.connections.map((c) => [c.destination, c.outcome])).toEqual([
          [`127.0.0.1:${simPort}`, 'forwarded'],
        ]);
      }
    }
  });

  it("does not contact an operator's proxy beyond loopback, and checks one on loopback", async () => {
    const created = await app.newClient().post<{ id: number }>(
      '/api-node/proxy/',
      { host: '192.0.2.10', port: 3128, password: 'pw' },
      {
        ...bots,
        query: { check: '0' },
      },
    );
    expect(created.status, created.text).toBe(201);
    const result = await check(created.body.id);
    expect(result).toMatchObject({ status: 'down', http_status: null });
    expect(result.error).toMatch(/demo mode/);
    expect(recorder.connections.some((c) => c.host === '192.0.2.10')).toBe(false);

    // The row stays where the operator put it.
    const [row] = await app.services.db.query<ProxyRow>('SELECT * FROM proxy WHERE id = $1', [
      created.body.id,
    ]);
    expect(row).toMatchObject({ host: '192.0.2.10', port: 3128 });
  });

  it('with the workers running the checks and the trading loops, opens no connection beyond loopback', async () => {
    const { db } = app.services;
    await run('/api-node/proxy/check-all/');
    // One account per market of the tm family (the trading loops' markets) whose Steam account and market
    // account have a proxy: the paths an account's proxy could have taken. tm's is taken out of dry run and
    // kept online (a login to the simulated Steam, then ping-new); the others run the other loops in dry run,
    // which still read their marketplace (listings, inventory, sales).
    const accounts = await db.query<{ id: number; market: string }>(
      `SELECT DISTINCT ON (a.market) a.id, a.market FROM market_account a
       JOIN steam_account s ON s.id = a.steam_account
       WHERE a.market IN ('tm', 'tm_usd', 'cs7', 'cs7_proxy') AND a.status = 'active'
         AND a.api_key IS NOT NULL AND a.proxy IS NOT NULL AND s.proxy IS NOT NULL
       ORDER BY a.market, a.id`,
    );
    const tm = accounts.find((a) => a.market === 'tm')!;
    expect(tm).toBeDefined();
    await db.query('UPDATE market_account SET dry_run = (id <> $1) WHERE id = ANY($2::int[])', [
      tm.id,
      accounts.map((a) => a.id),
    ]);
    const paths = [
      `/api-node/trading/${tm.id}/keep-online/run`,
      ...accounts
        .filter((a) => a !== tm)
        .flatMap((a) => DRY_RUN_LOOPS.map((loop) => `/api-node/trading/${a.id}/${loop}/run`)),
    ];
    const ticks = await Promise.all(paths.map((path) => run(path)));
    // A tick may fail (a refusal of the simulated market): where it went is what counts here.
    expect(ticks.every((job) => job.state === 'done' || job.state === 'failed')).toBe(true);
    const keepOnline = ticks[0]!;
    expect(keepOnline.state).toBe('done');

    const outside = recorder.connections.filter(
      (c) =>
        !isLoopbackHost(c.host) &&
        !(databaseEndpoint && c.host === databaseEndpoint.host && c.port === databaseEndpoint.port),
    );
    expect(outside).toEqual([]);
    // The recorder did see the traffic: the marketplace simulators and the proxies were reached.
    const simPort = Number(new URL(app.services.markets.simulatorUrl!).port);
    const ports = new Set(recorder.connections.map((c) => c.port));
    expect(ports.has(simPort)).toBe(true);
    expect(embedded.demo()!.proxies.proxies.some((p) => ports.has(p.port))).toBe(true);
    // Several jobs one after another through the embedded queue: more than the default 60 s on a busy machine.
  }, 180_000);
});
