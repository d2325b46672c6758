import { isLoopbackHost, type ProxyCheckReason, type ProxyCheckResult } from '@toydesk/contract';
import type { ProxyConfig } from '@toydesk/http';
import { z } from 'zod';

import { listProxyIds, loadProxyEndpoint, raiseAlert, recordProxyCheck, sealedPlace } from '@toydesk/db';
import { defineJobKind } from '../../jobs/job-kind.ts';
import { LANES } from '../../lanes.ts';
import type { BotRuntime } from '../../bot-runtime.ts';
import { proxyFailureReason, proxyStatusReason } from './proxy-failure.ts';

/** The error of a demo-mode check of a proxy that is not on loopback (never contacted). */
export const DEMO_REMOTE_PROXY =
  'not checked in demo mode: only proxies on this machine (loopback) are contacted';

/**
 * One health check: a GET of the configured URL through the proxy. Any HTTP answer but 407 (the proxy
 * refused our credentials) or 502-504 (the proxy could not reach the target) means the proxy works. In demo
 * mode the URL is the simulators' (`withDemoProxyCheck`) and only loopback proxies are contacted. A failed
 * check says why (`reason`: timeout, refused, auth, address, http_status, ...), which the console names.
 */
export async function checkProxy(runtime: BotRuntime, id: number): Promise<ProxyCheckResult> {
  const row = await loadProxyEndpoint(runtime.db, id);
  if (!row)
    return { proxy: id, status: 'deleted', latency_ms: null, http_status: null, error: null, reason: null };
  const proxy: ProxyConfig = {
    protocol: row.protocol,
    host: row.host,
    port: row.port,
    username: row.username,
    password: row.password ? runtime.vault.open(row.password, sealedPlace('proxy', 'password', id)) : null,
  };
  const started = performance.now();
  let httpStatus: number | null = null;
  let error: string | null = null;
  let reason: ProxyCheckReason | null = null;
  if (runtime.demo && !isLoopbackHost(proxy.host)) {
    // The demo never leaves this machine: its own proxies are loopback simulators, and one an operator
    // adds elsewhere is not contacted (it shows as down, with this reason).
    error = DEMO_REMOTE_PROXY;
    reason = 'not_checked';
  } else {
    try {
      const response = await runtime.markets.http.request({
        method: 'GET',
        url: runtime.config.proxyCheck.url,
        proxy,
        timeoutMs: runtime.config.proxyCheck.timeoutMs,
        maxRetries: 0,
        throwOnStatus: false,
        callName: 'proxy.check',
      });
      httpStatus = response.status;
      reason = proxyStatusReason(response.status);
      if (reason !== null) error = `HTTP ${response.status}`;
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
      reason = proxyFailureReason(e);
    }
  }
  const up = error === null;
  const latency = up ? Math.max(0, Math.round(performance.now() - started)) : null;
  const updated = await recordProxyCheck(runtime.db, id, up ? 'up' : 'down', latency);
  // A proxy that just went down (not one that stays down) becomes an alert the console shows.
  if (!up && updated && updated.previous !== 'down') {
    await raiseAlert(runtime.db, {
      kind: 'proxy-down',
      severity: 'warning',
      message: `Proxy ${row.host}:${row.port} is down (${error})`,
      proxy: id,
      details: { host: row.host, port: row.port, http_status: httpStatus, error, reason },
    });
  }
  return {
    proxy: id,
    status: up ? 'up' : 'down',
    latency_ms: latency,
    http_status: httpStatus,
    error,
    reason,
  };
}

const checkParams = z.object({ proxy: z.number().int().positive() });

/** Seconds between two checks of one proxy at most (a second fan-out in that slot is dropped). */
const CHECK_SLOT_SECONDS = 60;

export const PROXY_JOB_KINDS = [
  defineJobKind<z.infer<typeof checkParams>, BotRuntime>({
    kind: 'proxy.check',
    lane: LANES.maintenance,
    params: checkParams,
    expireInSeconds: 60,
    retryLimit: 1,
    async run(ctx, params) {
      const result = await checkProxy(ctx.deps, params.proxy);
      await ctx.log(
        result.status === 'up'
          ? `up, ${result.latency_ms} ms (HTTP ${result.http_status})`
          : `${result.status}${result.error ? `: ${result.error}` : ''}`,
        result.status === 'down' ? 'warn' : 'info',
      );
      return result;
    },
  }),
  defineJobKind<Record<string, never>, BotRuntime>({
    kind: 'proxy.check-all',
    lane: LANES.proxyCheckAll,
    params: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
    expireInSeconds: 120,
    retryLimit: 1,
    async run(ctx) {
      const ids = await listProxyIds(ctx.deps.db);
      let queued = 0;
      for (const id of ids) {
        const job = await ctx.deps.queue.enqueue(
          'proxy.check',
          { proxy: id },
          { singletonKey: `proxy:${id}`, singletonSeconds: CHECK_SLOT_SECONDS },
        );
        if (job) queued += 1;
      }
      await ctx.log(`${queued} health check(s) queued for ${ids.length} prox(ies)`);
      return { proxies: ids.length, queued };
    },
  }),
];
