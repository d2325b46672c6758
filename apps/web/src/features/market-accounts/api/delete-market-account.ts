import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { COMMON_DATA_KEY } from '@/lib/common-data';
import { unwrap } from '@/lib/query';

import { marketAccountsQueryKey } from './get-market-accounts';

/** DELETE one market account. */
export async function deleteMarketAccount(id: number): Promise<void> {
  unwrap(await api.call('market-accounts.destroy', { params: { id } }));
}

export function useDeleteMarketAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMarketAccount,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: marketAccountsQueryKey }),
        queryClient.invalidateQueries({ queryKey: COMMON_DATA_KEY }),
      ]);
    },
  });
}
