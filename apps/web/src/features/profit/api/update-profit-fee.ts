import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarketFeePatch } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/query';

import { PROFIT_KEY } from './profit-keys';

/**
 * Changes one fee row (PATCH /api/profit/fees/{id}/). The server prices that market's deals again in the
 * same request, so every profit figure, and the price board's spreads, are read again after it.
 */
export function useUpdateProfitFee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, patch }: { id: number; patch: MarketFeePatch }) =>
      unwrap(await api.call('profit-fees.partial_update', { params: { id }, body: patch })),
    onSuccess: () => afterFeeChange(client),
  });
}

/** After a fee row changes: every profit figure and the price board's spreads are read again. */
export async function afterFeeChange(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: PROFIT_KEY }),
    client.invalidateQueries({ queryKey: ['api', 'profit-deals.list'] }),
    client.invalidateQueries({ queryKey: ['api', 'price-board.list'] }),
  ]);
}
