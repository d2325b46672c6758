import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { unwrap } from '@/lib/query';

import { HISTORY_LIST_KEY } from './history-keys';

/**
 * POST /api/toy/history/connect-items/: links rows to catalogue toys by classid_instanceid, then by
 * market hash name; the given ids, or every unlinked row when none are given.
 */
export async function connectHistoryItems(ids?: readonly number[]) {
  return unwrap(await api.call('history.connect_items', { body: ids ? { ids: [...ids] } : {} }));
}

export function useConnectHistoryItems() {
  return useRefreshingMutation(connectHistoryItems, { refresh: [HISTORY_LIST_KEY] });
}
