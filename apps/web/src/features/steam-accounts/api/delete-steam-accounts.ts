import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
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
  return useRefreshingMutation(deleteSteamAccounts, {
    refresh: [steamAccountsQueryKey, COMMON_DATA_KEY],
    when: 'settled',
  });
}
