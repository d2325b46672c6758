import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { ALL_ROWS, unwrap } from '@/lib/query';

import { PROFIT_KEY } from './profit-keys';

/** The whole fee table (GET /api/profit/fees/): a row per market and side, a few dozen at most. */
export function getProfitFeesQueryOptions() {
  const query = { page_size: ALL_ROWS };
  return queryOptions({
    queryKey: [...PROFIT_KEY, 'fees'] as const,
    queryFn: async ({ signal }) => unwrap(await api.call('profit-fees.list', { query }, { signal })).results,
  });
}

export function useProfitFees() {
  return useQuery(getProfitFeesQueryOptions());
}
