import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiResponse } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { ALL_ROWS, unwrap } from '@/lib/query';

/** A row of /api/market/accounts/extended/: the account with market and Steam names, tags, RUB balance. */
export type MarketAccountRow = ApiResponse<'market-accounts.extended'>['results'][number];

export const marketAccountsQueryKey = ['market-accounts', 'extended'] as const;

/** Every market account (the spec's account lists read everything: page_size 999999). */
export async function getMarketAccounts(signal?: AbortSignal): Promise<MarketAccountRow[]> {
  const result = await api.call(
    'market-accounts.extended',
    { query: { page_size: ALL_ROWS, ordering: 'id' } },
    { signal },
  );
  return unwrap(result).results;
}

export function getMarketAccountsQueryOptions() {
  return queryOptions({
    queryKey: marketAccountsQueryKey,
    queryFn: ({ signal }) => getMarketAccounts(signal),
  });
}

export function useMarketAccounts() {
  return useQuery(getMarketAccountsQueryOptions());
}
