import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { COMMON_DATA_KEY } from '@/lib/common-data';
import { unwrap } from '@/lib/query';

import { marketAccountsQueryKey } from './get-market-accounts';

/** DELETE one market account. */
export async function deleteMarketAccount(id: number): Promise<void> {
  unwrap(await api.call('market-accounts.destroy', { params: { id } }));
}

export function useDeleteMarketAccount() {
  return useRefreshingMutation(deleteMarketAccount, { refresh: [marketAccountsQueryKey, COMMON_DATA_KEY] });
}
