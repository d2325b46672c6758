import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarketAccount, MarketAccountCreate, MarketAccountPatch } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { COMMON_DATA_KEY } from '@/lib/common-data';
import { unwrap } from '@/lib/query';

import { marketAccountsQueryKey } from './get-market-accounts';

export type SaveMarketAccountInput =
  { id: null; body: MarketAccountCreate } | { id: number; body: MarketAccountPatch };

/** POST a new account or PATCH the changed fields of one; a 400 comes back as an ApiFailure. */
export async function saveMarketAccount(input: SaveMarketAccountInput): Promise<MarketAccount> {
  const result =
    input.id === null
      ? await api.call('market-accounts.create', { body: input.body })
      : await api.call('market-accounts.partial_update', { params: { id: input.id }, body: input.body });
  return unwrap(result);
}

/** Create or edit; the list and the common data (labels in every account picker) are read again. */
export function useSaveMarketAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMarketAccount,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: marketAccountsQueryKey }),
        queryClient.invalidateQueries({ queryKey: COMMON_DATA_KEY }),
      ]);
    },
  });
}
