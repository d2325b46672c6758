import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiQuery } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/query';

import { PROFIT_KEY, PROFIT_LIVE } from './profit-keys';

/** Profit per UTC day of sale (GET /api/profit/by-day/): only the days with sales. */
export function getProfitByDayQueryOptions(query: ApiQuery<'profit.by_day'>) {
  return queryOptions({
    queryKey: [...PROFIT_KEY, 'by-day', query] as const,
    queryFn: async ({ signal }) => unwrap(await api.call('profit.by_day', { query }, { signal })),
    placeholderData: keepPreviousData,
    meta: PROFIT_LIVE,
  });
}

export function useProfitByDay(query: ApiQuery<'profit.by_day'>) {
  return useQuery(getProfitByDayQueryOptions(query));
}
