import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { MarketCode } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/query';

/**
 * Average, minimum and maximum buy and sell prices per market hash name (POST
 * /api/history/toy-stats/get-filtered-avg-stats-by-name/) for one market or all; normal rows in RUB.
 */
export function getAvgStatsByNameQueryOptions(market: string | undefined) {
  return queryOptions({
    queryKey: ['market-stats', 'avg-by-name', market ?? null] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.call(
          'history.avg_stats_by_name',
          { body: market ? { markets: [market as MarketCode] } : {} },
          { signal },
        ),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useAvgStatsByName(market: string | undefined) {
  return useQuery(getAvgStatsByNameQueryOptions(market));
}
