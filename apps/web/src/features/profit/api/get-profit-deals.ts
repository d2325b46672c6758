import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiQuery, ProfitDeal } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/query';
import { usePagedList } from '@/lib/use-paged-list';

import { PROFIT_KEY, PROFIT_LIVE } from './profit-keys';

/** The table's first request: a screenful and more, the rest read while scrolling. */
const FIRST_PAGE = 100;

const dealId = (deal: ProfitDeal) => deal.id;

/** The matched deals (GET /api/profit/deals/), read in pages as the table scrolls. */
export function useProfitDeals(query: ApiQuery<'profit-deals.list'>) {
  return usePagedList('profit-deals.list', query, FIRST_PAGE, dealId, PROFIT_LIVE);
}

/** One page of deals for a short list (the units held longest). */
export function getProfitDealsPageQueryOptions(query: ApiQuery<'profit-deals.list'>) {
  return queryOptions({
    queryKey: [...PROFIT_KEY, 'deals', query] as const,
    queryFn: async ({ signal }) => unwrap(await api.call('profit-deals.list', { query }, { signal })),
    placeholderData: keepPreviousData,
    meta: PROFIT_LIVE,
  });
}

export function useProfitDealsPage(query: ApiQuery<'profit-deals.list'>) {
  return useQuery(getProfitDealsPageQueryOptions(query));
}
