import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/query';

export interface StatsByDateFilter {
  market?: string;
  marketHashName?: string;
}

/**
 * Per day and side: count, average, minimum and maximum of the toy history (GET
 * /api/toy/history-stats/stats-by-date/), for a market and optionally one item; normal rows in RUB.
 */
export function getStatsByDateQueryOptions({ market, marketHashName }: StatsByDateFilter) {
  const query = {
    ...(market ? { market } : {}),
    ...(marketHashName ? { market_hash_name: marketHashName } : {}),
  };
  return queryOptions({
    queryKey: ['market-stats', 'by-date', query] as const,
    queryFn: async ({ signal }) =>
      unwrap(await api.call('history-stats.stats_by_date', { query }, { signal })),
    placeholderData: keepPreviousData,
  });
}

export function useStatsByDate(filter: StatsByDateFilter) {
  return useQuery(getStatsByDateQueryOptions(filter));
}
