import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { unwrap } from '@/lib/query';

import { HISTORY_LIST_KEY, HISTORY_TOTALS_KEY } from './history-keys';

/** DELETE /api/toy/history/{id}/. */
export async function deleteHistory(id: number): Promise<void> {
  unwrap(await api.call('history.destroy', { params: { id } }));
}

export function useDeleteHistory() {
  return useRefreshingMutation(deleteHistory, { refresh: [HISTORY_LIST_KEY, HISTORY_TOTALS_KEY] });
}
