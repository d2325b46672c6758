import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { QueryParams } from '@/lib/query-string';
import { unwrap } from '@/lib/query';

/** Items on sale per market hash name with their price range (the list's filters apply). */
export function getSellCountsQueryOptions(filters: QueryParams) {
  return queryOptions({
    queryKey: ['api', 'sell-items.count_by_mhn', filters] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.call(
          'sell-items.count_by_mhn',
          { query: filters as Record<string, string | number | undefined> },
          { signal },
        ),
      ).results,
  });
}

export function useSellCounts(filters: QueryParams) {
  return useQuery({ ...getSellCountsQueryOptions(filters), placeholderData: keepPreviousData });
}
