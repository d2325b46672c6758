import type { SteamAccount, SteamAccountCreate, SteamAccountPatch } from '@toydesk/contract';

import { createOrPatch, type SaveInput } from '@/lib/create-or-patch';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { COMMON_DATA_KEY } from '@/lib/common-data';

import { steamAccountsQueryKey } from './get-steam-accounts';

export type SaveSteamAccountInput = SaveInput<SteamAccountCreate, SteamAccountPatch>;

/** POST a new account or PATCH the changed fields of one; a 400 comes back as an ApiFailure with field errors. */
export async function saveSteamAccount(input: SaveSteamAccountInput): Promise<SteamAccount> {
  return createOrPatch({ create: 'steam-accounts.create', patch: 'steam-accounts.partial_update' }, input);
}

export function useSaveSteamAccount() {
  // Names and market accounts also live in the common data.
  return useRefreshingMutation(saveSteamAccount, { refresh: [steamAccountsQueryKey, COMMON_DATA_KEY] });
}
