import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarketSpend, SpendGuardInput, SpendGuardView } from '@toydesk/contract';

import { botApi } from '@/lib/bot-api';
import type { RequestResult } from '@/lib/request';
import { unwrap } from '@/lib/query';

const guardKey = (accountId: number) => ['market-accounts', 'spend-guard', accountId] as const;
const spendsKey = (accountId: number) => ['market-accounts', 'spends', accountId] as const;

/** How often today's spending and the open calls' states are read again while the drawer is open. */
export const SPEND_POLL_MS = 15_000;

/** The account's spend guards with today's spending (GET /api-node/market-accounts/{id}/spend-guard/). */
export function useSpendGuard(accountId: number) {
  return useQuery(
    queryOptions({
      queryKey: guardKey(accountId),
      queryFn: async ({ signal }) =>
        unwrap(
          await botApi.call(
            'bot-spend.guard',
            { params: { id: accountId } },
            { signal, hideNotification: true, retry: 0 },
          ),
        ),
      refetchInterval: SPEND_POLL_MS,
    }),
  );
}

/** Today's spending and the guards of every account that has either, for the accounts list. Read quietly. */
export function useSpendSummary() {
  return useQuery(
    queryOptions({
      queryKey: ['market-accounts', 'spend-summary'] as const,
      queryFn: async ({ signal }): Promise<SpendGuardView[]> =>
        unwrap(await botApi.call('bot-spend.summary', {}, { signal, hideNotification: true, retry: 0 }))
          .results,
      refetchInterval: SPEND_POLL_MS,
    }),
  );
}

/** The account's last spending calls with their state (done, not done, unknown: being checked). */
export function useSpends(accountId: number) {
  return useQuery(
    queryOptions({
      queryKey: spendsKey(accountId),
      queryFn: async ({ signal }): Promise<MarketSpend[]> =>
        unwrap(
          await botApi.call(
            'bot-spend.list',
            { params: { id: accountId } },
            { signal, hideNotification: true, retry: 0 },
          ),
        ).results,
      refetchInterval: SPEND_POLL_MS,
    }),
  );
}

/**
 * Saves both guards. Resolves with the whole result so that a 400's field errors reach the form (the
 * request wrapper shows no notification for them here).
 */
export function useSaveSpendGuard(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SpendGuardInput): Promise<RequestResult<SpendGuardView>> =>
      botApi.call(
        'bot-spend.set_guard',
        { params: { id: accountId }, body: input },
        { hideNotification: true },
      ),
    onSuccess: (result) => {
      if (result.success) queryClient.setQueryData(guardKey(accountId), result.data);
    },
  });
}
