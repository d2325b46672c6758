import type { MarketAccount, MarketAccountCreate, MarketAccountPatch } from '@toydesk/contract';

import { createOrPatch, type SaveInput } from '@/lib/create-or-patch';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { COMMON_DATA_KEY } from '@/lib/common-data';

import { marketAccountsQueryKey } from './get-market-accounts';

export type SaveMarketAccountInput = SaveInput<MarketAccountCreate, MarketAccountPatch>;

/** POST a new account or PATCH the changed fields of one; a 400 comes back as an ApiFailure. */
export async function saveMarketAccount(input: SaveMarketAccountInput): Promise<MarketAccount> {
  return createOrPatch({ create: 'market-accounts.create', patch: 'market-accounts.partial_update' }, input);
}

/** Create or edit; the list and the common data (labels in every account picker) are read again. */
export function useSaveMarketAccount() {
  return useRefreshingMutation(saveMarketAccount, { refresh: [marketAccountsQueryKey, COMMON_DATA_KEY] });
}
