import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiQuery } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/query';

import { PROFIT_KEY, PROFIT_LIVE } from './profit-keys';

/** Sales, fees, purchases and profit of the units sold in the period (GET /api/profit/totals/). */
export function getProfitTotalsQueryOptions(query: ApiQuery<'profit.totals'>) {
  return queryOptions({
    queryKey: [...PROFIT_KEY, 'totals', query] as const,
    queryFn: async ({ signal }) => unwrap(await api.call('profit.totals', { query }, { signal })),
    placeholderData: keepPreviousData,
    meta: PROFIT_LIVE,
  });
}

export function useProfitTotals(query: ApiQuery<'profit.totals'>) {
  return useQuery(getProfitTotalsQueryOptions(query));
}
