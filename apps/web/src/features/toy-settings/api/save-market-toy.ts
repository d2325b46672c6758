import type { MarketToy, MarketToyCreate, MarketToyPatch } from '@toydesk/contract';

import { createOrPatch, type SaveInput } from '@/lib/create-or-patch';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';

import { MARKET_TOYS_LIST_KEY } from './toy-keys';

export type SaveMarketToyInput = SaveInput<MarketToyCreate, MarketToyPatch>;

/** POST a new market toy or PATCH the changed fields of one. */
export async function saveMarketToy(input: SaveMarketToyInput): Promise<MarketToy> {
  return createOrPatch({ create: 'market-toys.create', patch: 'market-toys.partial_update' }, input);
}

export function useSaveMarketToy() {
  return useRefreshingMutation(saveMarketToy, { refresh: [MARKET_TOYS_LIST_KEY] });
}
