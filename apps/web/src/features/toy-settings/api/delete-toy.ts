import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/query';

import { MARKET_TOYS_LIST_KEY, TOYS_LIST_KEY } from './toy-keys';

/** DELETE /api/toy/toys/{id}/. */
export async function deleteToy(id: number): Promise<void> {
  unwrap(await api.call('toys.destroy', { params: { id } }));
}

export function useDeleteToy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteToy,
    // The toy's market rows go with it.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: TOYS_LIST_KEY }),
        queryClient.invalidateQueries({ queryKey: MARKET_TOYS_LIST_KEY }),
      ]),
  });
}
