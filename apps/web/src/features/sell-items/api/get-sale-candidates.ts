import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketCode } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { ALL_ROWS, unwrap } from '@/lib/query';

/**
 * Candidates for sale on a market: tradable inventory items not on sale, with the toy's sell price there
 * (items with ignore_price or a trade hold are left out by the server).
 */
export function getSaleCandidatesQueryOptions(market: MarketCode) {
  return queryOptions({
    queryKey: ['sell-items', 'candidates', market] as const,
    queryFn: async ({ signal }) =>
      unwrap(await api.call('sell-items.for_sell', { query: { market, page_size: ALL_ROWS } }, { signal }))
        .results,
  });
}

export function useSaleCandidates(market: MarketCode) {
  return useQuery({ ...getSaleCandidatesQueryOptions(market), placeholderData: keepPreviousData });
}
