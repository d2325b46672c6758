import { queryOptions, useQuery } from '@tanstack/react-query';

import { botApi } from '@/lib/bot-api';
import { ALL_ROWS } from '@/lib/query';

export interface ProxyChoice {
  id: number;
  label: string;
}

/** Every proxy of the bot service (an account can be moved to one nobody uses yet); empty when it is down. */
export function getProxyOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['steam-accounts', 'proxy-options'] as const,
    queryFn: async ({ signal }): Promise<ProxyChoice[]> => {
      const result = await botApi.call(
        'bot-proxy.list',
        { query: { page_size: ALL_ROWS } },
        { signal, hideNotification: true, retry: 0 },
      );
      if (!result.success || !result.data) return [];
      return result.data.results.map((proxy) => ({
        id: proxy.id,
        label: `${proxy.protocol}://${proxy.host}:${proxy.port}`,
      }));
    },
    staleTime: 60_000,
  });
}

export function useProxyOptions() {
  return useQuery(getProxyOptionsQueryOptions());
}
