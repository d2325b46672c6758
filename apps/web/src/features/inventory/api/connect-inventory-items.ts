import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiResponse } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/query';

export type ConnectResult = ApiResponse<'steam-inventory.connect_items'>;

/** Links inventory items to toys (by classid_instanceid, then by name): the given ones, or every unlinked. */
export async function connectInventoryItems(ids: readonly number[] | null): Promise<ConnectResult> {
  const body = ids && ids.length > 0 ? { ids: [...ids] } : {};
  return unwrap(await api.call('steam-inventory.connect_items', { body }));
}

export function useConnectInventoryItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectInventoryItems,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['api', 'steam-inventory.list'] }),
  });
}
