import { queryOptions, useQuery } from '@tanstack/react-query';
import { proxyEntity, type Proxy } from '@toydesk/contract';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { isLiveConnected, type LiveMeta } from '@/lib/live-updates';
import { ALL_ROWS } from '@/lib/query';
import { request } from '@/lib/request';

/** A proxy as the screen shows it: the bots' record when the bot service answers, else what accounts use. */
export interface ProxyRow {
  id: number;
  label: string;
  username: string | null;
  status: Proxy['status'] | null;
  latency_ms: number | null;
  last_checked_at: string | null;
  comment: string | null;
  steam_accounts: string[];
  market_accounts: string[];
  /** The bot service's record (what the edit dialog starts from); null when only the accounts name it. */
  record: Proxy | null;
}

export interface ProxyList {
  /** 'bots': GET /api-node/proxy/ answered; 'accounts': the proxies the accounts reference. */
  source: 'bots' | 'accounts';
  rows: ProxyRow[];
}

const botListSchema = z.union([
  z.array(proxyEntity.schema),
  z.object({ results: z.array(proxyEntity.schema) }),
]);

function proxyLabel(proxy: Proxy): string {
  return `${proxy.protocol}://${proxy.host}:${proxy.port}`;
}

/** The bot service's proxy list (spec section 7); null when the service does not answer. */
async function fromBots(signal?: AbortSignal): Promise<ProxyRow[] | null> {
  const result = await request(
    { url: '/api-node/proxy/', query: { page_size: ALL_ROWS } },
    'GET',
    undefined,
    {
      signal,
      hideNotification: true,
      retry: 0,
    },
  );
  if (!result.success) return null;
  const parsed = botListSchema.safeParse(result.data);
  if (!parsed.success) return null;
  const list = Array.isArray(parsed.data) ? parsed.data : parsed.data.results;
  return list.map((proxy) => ({
    id: proxy.id,
    label: proxyLabel(proxy),
    username: proxy.username,
    status: proxy.status,
    latency_ms: proxy.latency_ms,
    last_checked_at: proxy.last_checked_at,
    comment: proxy.comment,
    steam_accounts: [],
    market_accounts: [],
    record: proxy,
  }));
}

/** The proxies the Steam and market accounts reference, with who uses each. */
async function fromAccounts(signal?: AbortSignal): Promise<ProxyRow[]> {
  const [steam, market] = await Promise.all([
    api.call('steam-accounts.extended', { query: { page_size: ALL_ROWS } }, { signal }),
    api.call('market-accounts.extended', { query: { page_size: 99999 } }, { signal }),
  ]);
  const rows = new Map<number, ProxyRow>();
  const row = (id: number, label: string | null) => {
    let found = rows.get(id);
    if (!found) {
      found = {
        id,
        label: label ?? `#${id}`,
        username: null,
        status: null,
        latency_ms: null,
        last_checked_at: null,
        comment: null,
        steam_accounts: [],
        market_accounts: [],
        record: null,
      };
      rows.set(id, found);
    }
    return found;
  };
  for (const account of steam.data?.results ?? [])
    if (account.proxy !== null)
      row(account.proxy, account.proxy_label).steam_accounts.push(account.steam_account_name);
  for (const account of market.data?.results ?? [])
    if (account.proxy !== null) row(account.proxy, account.proxy_label).market_accounts.push(account.label);
  return [...rows.values()].sort((a, b) => a.id - b.id);
}

/** The bot service's proxies with who uses each; else only the proxies the accounts reference. */
export async function getProxies(signal?: AbortSignal): Promise<ProxyList> {
  const [bots, usage] = await Promise.all([fromBots(signal), fromAccounts(signal)]);
  if (!bots) return { source: 'accounts', rows: usage };
  const used = new Map(usage.map((row) => [row.id, row]));
  return {
    source: 'bots',
    rows: bots.map((row) => ({
      ...row,
      steam_accounts: used.get(row.id)?.steam_accounts ?? [],
      market_accounts: used.get(row.id)?.market_accounts ?? [],
    })),
  };
}

export const proxiesQueryKey = ['proxies'] as const;

/** How often the list is read again while a proxy waits for its first check. */
export const AWAITING_CHECK_POLL_MS = 3000;

/**
 * Whether a proxy of the bots' list waits for the check the bot service queued on its own: a new proxy, or
 * one whose endpoint was just edited (status unknown, never checked). The answer to the save does not name
 * that job, so the list is read again until the result is there.
 */
export function awaitsFirstCheck(list: ProxyList | undefined): boolean {
  return (
    list?.source === 'bots' &&
    list.rows.some((row) => row.status === 'unknown' && row.last_checked_at === null)
  );
}

export function useProxies() {
  return useQuery(
    queryOptions({
      queryKey: proxiesQueryKey,
      queryFn: ({ signal }) => getProxies(signal),
      // The check's result is a write of the proxy: the live stream brings it; polled when it is down.
      meta: { live: ['proxies'] } satisfies LiveMeta,
      refetchInterval: (query) =>
        awaitsFirstCheck(query.state.data) && !isLiveConnected() ? AWAITING_CHECK_POLL_MS : false,
    }),
  );
}
