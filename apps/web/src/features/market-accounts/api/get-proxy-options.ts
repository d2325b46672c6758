import { queryOptions, useQuery } from '@tanstack/react-query';

import { botApi } from '@/lib/bot-api';
import { ALL_ROWS } from '@/lib/query';

export interface ProxyOption {
  id: number;
  label: string;
}

/**
 * The proxies an account can use, from the bot services' proxy list. Null when the bot service does not
 * answer: the form then offers the proxies the accounts already use.
 */
export async function getProxyOptions(signal?: AbortSignal): Promise<ProxyOption[] | null> {
  const result = await botApi.call(
    'bot-proxy.list',
    { query: { page_size: ALL_ROWS } },
    { signal, hideNotification: true, retry: 0 },
  );
  if (!result.success || !result.data) return null;
  return result.data.results.map((proxy) => ({
    id: proxy.id,
    label: `${proxy.protocol}://${proxy.host}:${proxy.port}`,
  }));
}

export function useProxyOptions() {
  return useQuery(
    queryOptions({
      queryKey: ['market-accounts', 'proxy-options'] as const,
      queryFn: ({ signal }) => getProxyOptions(signal),
      staleTime: 5 * 60_000,
    }),
  );
}
