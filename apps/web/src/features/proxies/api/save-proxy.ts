import type { BotProxyPatch, Proxy, ProxyCreate } from '@toydesk/contract';

import { botApi } from '@/lib/bot-api';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { unwrap } from '@/lib/query';

import { proxiesQueryKey } from './get-proxies';

/** POST /api-node/proxy/: the bot service stores the password encrypted and checks the proxy at once. */
export async function createProxy(body: ProxyCreate): Promise<Proxy> {
  return unwrap(await botApi.call('bot-proxy.create', { body })) as Proxy;
}

export function useCreateProxy() {
  return useRefreshingMutation(createProxy, { refresh: [proxiesQueryKey] });
}

/**
 * PATCH /api-node/proxy/{id}/: only the fields sent change; a password left out keeps the stored one. A new
 * host, port or login resets the health and the service checks the proxy again at once.
 */
export async function updateProxy({ id, body }: { id: number; body: BotProxyPatch }): Promise<Proxy> {
  return unwrap(await botApi.call('bot-proxy.partial_update', { params: { id }, body })) as Proxy;
}

export function useUpdateProxy() {
  return useRefreshingMutation(updateProxy, { refresh: [proxiesQueryKey] });
}

/** DELETE each proxy in turn; one refusal does not stop the others (the wrapper has notified it). */
export async function deleteProxies(ids: readonly number[]): Promise<number[]> {
  const deleted: number[] = [];
  for (const id of ids) {
    const result = await botApi.call('bot-proxy.destroy', { params: { id } });
    if (result.success) deleted.push(id);
  }
  return deleted;
}

export function useDeleteProxies() {
  return useRefreshingMutation(deleteProxies, { refresh: [proxiesQueryKey], when: 'settled' });
}
