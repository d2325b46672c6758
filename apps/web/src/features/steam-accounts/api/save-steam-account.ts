import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SteamAccount, SteamAccountCreate, SteamAccountPatch } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { COMMON_DATA_KEY } from '@/lib/common-data';
import { unwrap } from '@/lib/query';

import { steamAccountsQueryKey } from './get-steam-accounts';

export type SaveSteamAccountInput =
  { id: null; body: SteamAccountCreate } | { id: number; body: SteamAccountPatch };

/** POST a new account or PATCH the changed fields of one; a 400 comes back as an ApiFailure with field errors. */
export async function saveSteamAccount(input: SaveSteamAccountInput): Promise<SteamAccount> {
  const result =
    input.id === null
      ? await api.call('steam-accounts.create', { body: input.body })
      : await api.call('steam-accounts.partial_update', { params: { id: input.id }, body: input.body });
  return unwrap(result);
}

export function useSaveSteamAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSteamAccount,
    onSuccess: async () => {
      // Names and market accounts also live in the common data.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: steamAccountsQueryKey }),
        queryClient.invalidateQueries({ queryKey: COMMON_DATA_KEY }),
      ]);
    },
  });
}
