import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiQuery } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/query';

import { PROFIT_KEY, PROFIT_LIVE } from './profit-keys';

/** Profit per market of sale (GET /api/profit/by-market/). */
export function getProfitByMarketQueryOptions(query: ApiQuery<'profit.by_market'>) {
  return queryOptions({
    queryKey: [...PROFIT_KEY, 'by-market', query] as const,
    queryFn: async ({ signal }) => unwrap(await api.call('profit.by_market', { query }, { signal })),
    placeholderData: keepPreviousData,
    meta: PROFIT_LIVE,
  });
}

export function useProfitByMarket(query: ApiQuery<'profit.by_market'>) {
  return useQuery(getProfitByMarketQueryOptions(query));
}
