import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ToyHistory, ToyHistoryCreate, ToyHistoryPatch } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/query';

import { HISTORY_LIST_KEY, HISTORY_TOTALS_KEY } from './history-keys';

export type SaveHistoryInput = { id: null; body: ToyHistoryCreate } | { id: number; body: ToyHistoryPatch };

/** POST a new history row or PATCH the changed fields of one. */
export async function saveHistory(input: SaveHistoryInput): Promise<ToyHistory> {
  return unwrap(
    input.id === null
      ? await api.call('history.create', { body: input.body })
      : await api.call('history.partial_update', { params: { id: input.id }, body: input.body }),
  );
}

export function useSaveHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveHistory,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: HISTORY_LIST_KEY }),
        queryClient.invalidateQueries({ queryKey: HISTORY_TOTALS_KEY }),
      ]),
  });
}
