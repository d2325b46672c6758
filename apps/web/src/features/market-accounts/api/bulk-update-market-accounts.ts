import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarketAccountPatch } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/query';

import { marketAccountsQueryKey, type MarketAccountRow } from './get-market-accounts';

export interface BulkUpdateInput {
  ids: readonly number[];
  fields: MarketAccountPatch;
}

/** The same fields on many accounts at once (atomic on the server: all or nothing). */
export async function bulkUpdateMarketAccounts(input: BulkUpdateInput): Promise<number> {
  const result = await api.call('market-accounts.bulk_update_by_ids', {
    body: { ids: [...input.ids], fields: input.fields },
  });
  return unwrap(result).updated;
}

/**
 * Bulk update, also used for one row's switch. The cached rows get the new values at once, so a switch
 * does not jump back while the list is read again.
 */
export function useBulkUpdateMarketAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateMarketAccounts,
    onMutate: async ({ ids, fields }) => {
      await queryClient.cancelQueries({ queryKey: marketAccountsQueryKey });
      const before = queryClient.getQueryData<MarketAccountRow[]>(marketAccountsQueryKey);
      const changed = new Set(ids);
      queryClient.setQueryData<MarketAccountRow[]>(marketAccountsQueryKey, (rows) =>
        rows?.map((row) => (changed.has(row.id) ? ({ ...row, ...fields } as MarketAccountRow) : row)),
      );
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(marketAccountsQueryKey, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketAccountsQueryKey }),
  });
}
