import { createServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';

import type { BotJob } from '@toydesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startBotTestApp, type BotTestApp } from '../../testing/bot-test-app.ts';

interface ProxyRecord {
  id: number;
  host: string;
  port: number;
  username: string | null;
  password: string | null;
  status: string;
  latency_ms: number | null;
  last_checked_at: string | null;
}

const listen = async (server: Server | TcpServer) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

describe('proxies: list, add, delete, health checks through the proxy', () => {
  let t: BotTestApp;
  let target: Server;
  let proxy: Server;
  let proxyPort: number;
  const seen: string[] = [];

  beforeAll(async () => {
    target = createServer((_req, res) => res.end('User-agent: *\n'));
    const targetPort = await listen(target);
    // A forward proxy that wants the credentials user:s3cret-pass.
    proxy = createServer((req, res) => {
      const auth = req.headers['proxy-authorization'];
      seen.push(req.url ?? '');
      if (auth !== `Basic ${Buffer.from('user:s3cret-pass').toString('base64')}`) {
        res.writeHead(407).end();
        return;
      }
      const upstream = httpRequest(
        req.url!,
        { method: req.method, headers: { host: new URL(req.url!).host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
    });
    proxyPort = await listen(proxy);
    t = await startBotTestApp({
      env: {
        TOYDESK_PROXY_CHECK_URL: `http://127.0.0.1:${targetPort}/robots.txt`,
        TOYDESK_PROXY_CHECK_TIMEOUT_MS: '2000',
        TOYDESK_PROXY_CHECK_CRON: '*/5 * * * *',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    proxy?.close();
    target?.close();
  });

  const checkOf = async (proxyId: number) => {
    const jobs = await t.request<{ results: BotJob[] }>('GET', '/api-node/jobs/', {
      query: { kind: 'proxy.check' },
    });
    const job = jobs.body.results.find((j) => (j.params as { proxy: number }).proxy === proxyId)!;
    return (await t.runtime.queue.waitFor(job.id, 20_000))!;
  };

  it('adds a proxy with its password encrypted, checks it through the proxy at once: up, with its latency', async () => {
    const created = await t.request<ProxyRecord>('POST', '/api-node/proxy/', {
      body: {
        host: '127.0.0.1',
        port: proxyPort,
        username: 'user',
        password: 's3cret-pass',
        comment: 'local',
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      host: '127.0.0.1',
      port: proxyPort,
      password: '••••••••',
      status: 'unknown',
    });
    const [stored] = await t.db.query<{ password: string }>('SELECT password FROM proxy WHERE id = $1', [
      created.body.id,
    ]);
    expect(stored!.password).toMatch(/^v2:/);
    expect(stored!.password).not.toContain('s3cret');

    const job = await checkOf(created.body.id);
    expect(job).toMatchObject({ state: 'done', result: { status: 'up', http_status: 200 } });
    expect(seen.some((url) => url.endsWith('/robots.txt'))).toBe(true);

    const list = await t.request<{ count: number; results: ProxyRecord[] }>('GET', '/api-node/proxy/');
    const row = list.body.results.find((p) => p.id === created.body.id)!;
    expect(row).toMatchObject({ status: 'up', password: '••••••••' });
    expect(row.latency_ms).toEqual(expect.any(Number));
    expect(row.last_checked_at).not.toBeNull();

    const [audit] = await t.db.query<{ operator: string; after: { password: string } }>(
      `SELECT operator, after FROM audit_entry WHERE entity = 'proxy' AND entity_id = $1 AND action = 'create'`,
      [created.body.id],
    );
    expect(audit).toMatchObject({ operator: 'bot-service', after: { password: '••••••••' } });
  });

  it('marks a proxy down when it refuses the credentials or does not answer, and says why', async () => {
    const wrong = await t.request<ProxyRecord>('POST', '/api-node/proxy/', {
      body: { host: '127.0.0.1', port: proxyPort, username: 'user', password: 'wrong' },
    });
    const refused = await checkOf(wrong.body.id);
    expect(refused).toMatchObject({ state: 'done', result: { status: 'down', reason: 'auth' } });
    expect(JSON.stringify(refused.result)).toMatch(/407/);
    const dead = await t.request<ProxyRecord>('POST', '/api-node/proxy/', {
      body: { host: '127.0.0.1', port: 9 },
    });
    expect(await checkOf(dead.body.id)).toMatchObject({
      state: 'done',
      result: { status: 'down', http_status: null, reason: 'refused' },
    });
    const down = await t.request<{ results: ProxyRecord[] }>('GET', '/api-node/proxy/', {
      query: { status: 'down' },
    });
    expect(down.body.results.map((p) => p.id).sort()).toEqual([wrong.body.id, dead.body.id].sort());
    // The down alert carries the reason too.
    const [alert] = await t.db.query<{ details: { reason: string } }>(
      `SELECT details FROM bot_alert WHERE kind = 'proxy-down' AND proxy = $1`,
      [dead.body.id],
    );
    expect(alert?.details.reason).toBe('refused');
  });

  it('the scheduled check-all queues one check per proxy, at most one per proxy per minute', async () => {
    const [schedule] = await t.db.query<{ cron: string }>(
      `SELECT cron FROM pgboss.schedule WHERE name = 'bots-cron-proxy-check'`,
    );
    expect(schedule?.cron).toBe('*/5 * * * *');
    const first = await t.runtime.queue.enqueue('proxy.check-all', {});
    const second = await t.runtime.queue.enqueue('proxy.check-all', {});
    const [a, b] = [
      await t.runtime.queue.waitFor(first!.id, 20_000),
      await t.runtime.queue.waitFor(second!.id, 20_000),
    ];
    expect(a?.result).toMatchObject({ proxies: 3 });
    expect((a!.result as { queued: number }).queued + (b!.result as { queued: number }).queued).toBe(3);
  });

  it('deletes a proxy: 204, then 404', async () => {
    const created = await t.request<ProxyRecord>('POST', '/api-node/proxy/', {
      body: { host: '10.9.9.9', port: 3128 },
      query: { check: '0' },
    });
    expect((await t.request('DELETE', `/api-node/proxy/${created.body.id}/`)).status).toBe(204);
    expect((await t.request('DELETE', `/api-node/proxy/${created.body.id}/`)).status).toBe(404);
    expect((await t.request('DELETE', '/api-node/proxy/abc/')).status).toBe(404);
    const invalid = await t.request<Record<string, unknown>>('POST', '/api-node/proxy/', {
      body: { host: '', port: 99999 },
    });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body).sort()).toEqual(['host', 'port']);
  });

  it('checks a proxy now on request: 202 with the job, which records the health', async () => {
    const created = await t.request<ProxyRecord>('POST', '/api-node/proxy/', {
      body: { host: '127.0.0.1', port: proxyPort, username: 'user', password: 's3cret-pass' },
      query: { check: '0' },
    });
    const started = await t.request<BotJob>('POST', `/api-node/proxy/${created.body.id}/check/`);
    expect(started.status, started.text).toBe(202);
    expect(started.body).toMatchObject({ kind: 'proxy.check', params: { proxy: created.body.id } });
    const job = await t.runtime.queue.waitFor(started.body.id, 20_000);
    expect(job).toMatchObject({ state: 'done', result: { status: 'up' } });
    const list = await t.request<{ results: ProxyRecord[] }>('GET', '/api-node/proxy/');
    expect(list.body.results.find((p) => p.id === created.body.id)).toMatchObject({ status: 'up' });
    expect((await t.request('POST', '/api-node/proxy/999999/check/')).status).toBe(404);

    const all = await t.request<BotJob>('POST', '/api-node/proxy/check-all/');
    expect(all.status, all.text).toBe(202);
    expect(all.body.kind).toBe('proxy.check-all');
    // Its fan-out finishes before the queue stops at the end of the file.
    expect(await t.runtime.queue.waitFor(all.body.id, 20_000)).toMatchObject({ state: 'done' });
  });

  it('says "timeout" for a proxy that takes the connection and never answers', async () => {
    const silent = createTcpServer(() => undefined);
    const port = await listen(silent);
    try {
      const mute = await t.request<ProxyRecord>('POST', '/api-node/proxy/', {
        body: { host: '127.0.0.1', port },
        query: { check: '0' },
      });
      const started = await t.request<BotJob>('POST', `/api-node/proxy/${mute.body.id}/check/`);
      const job = await t.runtime.queue.waitFor(started.body.id, 20_000);
      expect(job).toMatchObject({ state: 'done', result: { status: 'down', reason: 'timeout' } });
      await t.request('DELETE', `/api-node/proxy/${mute.body.id}/`);
    } finally {
      silent.close();
    }
  });
});
