import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarketToy, MarketToyCreate, MarketToyPatch } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/query';

import { MARKET_TOYS_LIST_KEY } from './toy-keys';

export type SaveMarketToyInput = { id: null; body: MarketToyCreate } | { id: number; body: MarketToyPatch };

/** POST a new market toy or PATCH the changed fields of one. */
export async function saveMarketToy(input: SaveMarketToyInput): Promise<MarketToy> {
  return unwrap(
    input.id === null
      ? await api.call('market-toys.create', { body: input.body })
      : await api.call('market-toys.partial_update', { params: { id: input.id }, body: input.body }),
  );
}

export function useSaveMarketToy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMarketToy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MARKET_TOYS_LIST_KEY }),
  });
}
