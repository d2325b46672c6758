import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketCode } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { ALL_ROWS, unwrap } from '@/lib/query';

/**
 * Candidates for sale on a market: tradable inventory items not on sale, with the toy's sell price there
 * (items with ignore_price or a trade hold are left out by the server).
 */
export function getSaleCandidatesQueryOptions(market: MarketCode, steamAccount: number | null = null) {
  return queryOptions({
    queryKey: ['sell-items', 'candidates', market, steamAccount] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.call(
          'sell-items.for_sell',
          {
            query: {
              market,
              page_size: ALL_ROWS,
              ...(steamAccount === null ? {} : { steam_account: steamAccount }),
            },
          },
          { signal },
        ),
      ).results,
  });
}

/** The candidates of a market, of one Steam account when given. */
export function useSaleCandidates(market: MarketCode, steamAccount: number | null = null) {
  return useQuery({
    ...getSaleCandidatesQueryOptions(market, steamAccount),
    placeholderData: keepPreviousData,
  });
}
