import type { ApiResponse } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { unwrap } from '@/lib/query';

export type ConnectResult = ApiResponse<'steam-inventory.connect_items'>;

/** Links inventory items to toys (by classid_instanceid, then by name): the given ones, or every unlinked. */
export async function connectInventoryItems(ids: readonly number[] | null): Promise<ConnectResult> {
  const body = ids && ids.length > 0 ? { ids: [...ids] } : {};
  return unwrap(await api.call('steam-inventory.connect_items', { body }));
}

export function useConnectInventoryItems() {
  return useRefreshingMutation(connectInventoryItems, { refresh: [['api', 'steam-inventory.list']] });
}
