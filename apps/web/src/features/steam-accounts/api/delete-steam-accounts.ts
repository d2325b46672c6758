import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { COMMON_DATA_KEY } from '@/lib/common-data';

import { steamAccountsQueryKey } from './get-steam-accounts';

export interface DeleteOutcome {
  deleted: number[];
  failed: number[];
}

/**
 * DELETE each account in turn (the API has no bulk delete); one refusal does not stop the others, and the
 * wrapper has notified it.
 */
export async function deleteSteamAccounts(ids: readonly number[]): Promise<DeleteOutcome> {
  const outcome: DeleteOutcome = { deleted: [], failed: [] };
  for (const id of ids) {
    const result = await api.call('steam-accounts.destroy', { params: { id } });
    (result.success ? outcome.deleted : outcome.failed).push(id);
  }
  return outcome;
}

export function useDeleteSteamAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSteamAccounts,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: steamAccountsQueryKey }),
        queryClient.invalidateQueries({ queryKey: COMMON_DATA_KEY }),
      ]);
    },
  });
}
