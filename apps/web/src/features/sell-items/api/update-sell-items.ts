import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SellItemPatch } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/query';

/** Every cached read of the sell items (the list pages and the counts by name). */
export const SELL_ITEMS_KEYS = [
  ['api', 'sell-items.list'],
  ['api', 'sell-items.count_by_mhn'],
  ['sell-items'],
] as const;

export type UpdateSellItemsInput =
  | { kind: 'one'; id: number; fields: SellItemPatch }
  | { kind: 'many'; ids: readonly number[]; fields: SellItemPatch };

/** PATCH one item, or the same fields on many (atomic on the server); answers how many changed. */
export async function updateSellItems(input: UpdateSellItemsInput): Promise<number> {
  if (input.kind === 'one') {
    unwrap(await api.call('sell-items.partial_update', { params: { id: input.id }, body: input.fields }));
    return 1;
  }
  const result = await api.call('sell-items.bulk_update_by_ids', {
    body: { ids: [...input.ids], fields: input.fields },
  });
  return unwrap(result).updated;
}

export function useUpdateSellItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSellItems,
    onSuccess: () =>
      Promise.all(SELL_ITEMS_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
