import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/query';

import { MARKET_TOYS_LIST_KEY } from './toy-keys';

/** DELETE /api/market/toys/{id}/. */
export async function deleteMarketToy(id: number): Promise<void> {
  unwrap(await api.call('market-toys.destroy', { params: { id } }));
}

export function useDeleteMarketToy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMarketToy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MARKET_TOYS_LIST_KEY }),
  });
}
