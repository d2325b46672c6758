import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/query';

import { HISTORY_LIST_KEY, HISTORY_TOTALS_KEY } from './history-keys';

/** DELETE /api/toy/history/{id}/. */
export async function deleteHistory(id: number): Promise<void> {
  unwrap(await api.call('history.destroy', { params: { id } }));
}

export function useDeleteHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHistory,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: HISTORY_LIST_KEY }),
        queryClient.invalidateQueries({ queryKey: HISTORY_TOTALS_KEY }),
      ]),
  });
}
