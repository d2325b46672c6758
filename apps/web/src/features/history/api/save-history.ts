import type { ToyHistory, ToyHistoryCreate, ToyHistoryPatch } from '@toydesk/contract';

import { createOrPatch, type SaveInput } from '@/lib/create-or-patch';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';

import { HISTORY_LIST_KEY, HISTORY_TOTALS_KEY } from './history-keys';

export type SaveHistoryInput = SaveInput<ToyHistoryCreate, ToyHistoryPatch>;

/** POST a new history row or PATCH the changed fields of one. */
export async function saveHistory(input: SaveHistoryInput): Promise<ToyHistory> {
  return createOrPatch({ create: 'history.create', patch: 'history.partial_update' }, input);
}

export function useSaveHistory() {
  return useRefreshingMutation(saveHistory, { refresh: [HISTORY_LIST_KEY, HISTORY_TOTALS_KEY] });
}
