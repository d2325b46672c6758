import type { ToyHistoryPatch } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { unwrap } from '@/lib/query';

import { HISTORY_LIST_KEY, HISTORY_TOTALS_KEY } from './history-keys';

/** The endpoint takes up to 100,000 ids; smaller calls keep each transaction short. */
const IDS_PER_CALL = 5000;

/** POST /api/toy/history/bulk-update-by-ids/: the same fields on every selected row (atomic per call). */
export async function bulkUpdateHistory(ids: readonly number[], fields: ToyHistoryPatch): Promise<number> {
  let updated = 0;
  for (let i = 0; i < ids.length; i += IDS_PER_CALL) {
    const part = ids.slice(i, i + IDS_PER_CALL);
    updated += unwrap(await api.call('history.bulk_update_by_ids', { body: { ids: part, fields } })).updated;
  }
  return updated;
}

export function useBulkUpdateHistory() {
  return useRefreshingMutation(
    ({ ids, fields }: { ids: readonly number[]; fields: ToyHistoryPatch }) => bulkUpdateHistory(ids, fields),
    { refresh: [HISTORY_LIST_KEY, HISTORY_TOTALS_KEY] },
  );
}
