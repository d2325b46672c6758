import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { unwrap } from '@/lib/query';

import { MARKET_TOYS_LIST_KEY, TOYS_LIST_KEY } from './toy-keys';

/** DELETE /api/toy/toys/{id}/. */
export async function deleteToy(id: number): Promise<void> {
  unwrap(await api.call('toys.destroy', { params: { id } }));
}

export function useDeleteToy() {
  // The toy's market rows go with it.
  return useRefreshingMutation(deleteToy, { refresh: [TOYS_LIST_KEY, MARKET_TOYS_LIST_KEY] });
}
