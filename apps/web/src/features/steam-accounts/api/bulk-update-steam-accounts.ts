import type { SteamAccountPatch } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { unwrap } from '@/lib/query';

import { steamAccountsQueryKey } from './get-steam-accounts';

export interface BulkUpdateInput {
  ids: number[];
  fields: SteamAccountPatch;
}

/** The same fields on every selected account, atomically (POST bulk-update-by-ids). */
export async function bulkUpdateSteamAccounts(input: BulkUpdateInput): Promise<number> {
  const result = await api.call('steam-accounts.bulk_update_by_ids', {
    body: { ids: input.ids, fields: input.fields },
  });
  return unwrap(result).updated;
}

export function useBulkUpdateSteamAccounts() {
  return useRefreshingMutation(bulkUpdateSteamAccounts, { refresh: [steamAccountsQueryKey] });
}
