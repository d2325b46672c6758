import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiBody, ApiResponse } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/query';

export type MarketPatchBody = ApiBody<'markets.partial_update'>;

export async function updateMarket(
  id: number,
  body: MarketPatchBody,
): Promise<ApiResponse<'markets.partial_update'>> {
  return unwrap(await api.call('markets.partial_update', { params: { id }, body }));
}

/**
 * PATCH of a market. A rate change moves every converted total on every screen (balances, account totals)
 * and the common data's markets, so every cached query is read again, not only the markets list.
 */
export function useUpdateMarket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: MarketPatchBody }) => updateMarket(id, body),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
