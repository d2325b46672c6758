import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/query';

/** Per day and side: count and prices of the toy history (GET /api/toy/history-stats/stats-by-date/). */
export function getStatsByDateQueryOptions(market: string | undefined) {
  return queryOptions({
    queryKey: ['market-stats', 'by-date', market ?? null] as const,
    queryFn: async ({ signal }) =>
      unwrap(await api.call('history-stats.stats_by_date', { query: market ? { market } : {} }, { signal })),
  });
}

export function useStatsByDate(market: string | undefined) {
  return useQuery(getStatsByDateQueryOptions(market));
}
