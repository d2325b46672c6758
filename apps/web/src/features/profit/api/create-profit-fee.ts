import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarketFeeCreate } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/query';

import { afterFeeChange } from './update-profit-fee';

/** Adds a fee row for a market and side that had none (POST /api/profit/fees/): that market is priced again. */
export function useCreateProfitFee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: MarketFeeCreate) => unwrap(await api.call('profit-fees.create', { body })),
    onSuccess: () => afterFeeChange(client),
  });
}
