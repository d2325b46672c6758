import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { ALL_ROWS, unwrap } from '@/lib/query';

export const PRICE_POINTS_KEY = ['market-stats', 'points'] as const;

/** The collected price points (history stats) of one item on one market, oldest first. */
export function getPricePointsQueryOptions(market: string, marketHashName: string) {
  return queryOptions({
    queryKey: [...PRICE_POINTS_KEY, market, marketHashName] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.call(
          'history-stats.list',
          { query: { market, market_hash_name: marketHashName, ordering: 'date', page_size: ALL_ROWS } },
          { signal },
        ),
      ).results,
  });
}

export function usePricePoints(market: string | undefined, marketHashName: string | null) {
  return useQuery({
    ...getPricePointsQueryOptions(market ?? '', marketHashName ?? ''),
    enabled: Boolean(market && marketHashName),
  });
}
