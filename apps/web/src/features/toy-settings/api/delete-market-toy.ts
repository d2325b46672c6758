import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { unwrap } from '@/lib/query';

import { MARKET_TOYS_LIST_KEY } from './toy-keys';

/** DELETE /api/market/toys/{id}/. */
export async function deleteMarketToy(id: number): Promise<void> {
  unwrap(await api.call('market-toys.destroy', { params: { id } }));
}

export function useDeleteMarketToy() {
  return useRefreshingMutation(deleteMarketToy, { refresh: [MARKET_TOYS_LIST_KEY] });
}
