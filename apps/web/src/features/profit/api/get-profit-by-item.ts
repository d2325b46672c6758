import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiQuery } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/query';

import { PROFIT_KEY, PROFIT_LIVE } from './profit-keys';

/** The best (ordering -profit) or worst (profit) items of the period (GET /api/profit/by-item/). */
export function getProfitByItemQueryOptions(query: ApiQuery<'profit.by_item'>) {
  return queryOptions({
    queryKey: [...PROFIT_KEY, 'by-item', query] as const,
    queryFn: async ({ signal }) => unwrap(await api.call('profit.by_item', { query }, { signal })),
    placeholderData: keepPreviousData,
    meta: PROFIT_LIVE,
  });
}

export function useProfitByItem(query: ApiQuery<'profit.by_item'>) {
  return useQuery(getProfitByItemQueryOptions(query));
}
