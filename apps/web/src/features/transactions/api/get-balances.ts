import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { ALL_ROWS, unwrap } from '@/lib/query';

import { balancesFromAccounts, type Balances } from '../utils/balances';

/**
 * The balances the ledger screen shows: every market account's balance (with its RUB value) and every
 * Steam wallet, read from the account lists; the back end has no separate balance endpoint.
 */
export async function getBalances(signal?: AbortSignal): Promise<Balances> {
  const [market, steam] = await Promise.all([
    api.call('market-accounts.extended', { query: { page_size: ALL_ROWS } }, { signal }),
    api.call('steam-accounts.extended', { query: { page_size: ALL_ROWS } }, { signal }),
  ]);
  return balancesFromAccounts(unwrap(market).results, unwrap(steam).results);
}

export function useBalances() {
  return useQuery(
    queryOptions({
      queryKey: ['transactions', 'balances'] as const,
      queryFn: ({ signal }) => getBalances(signal),
    }),
  );
}
