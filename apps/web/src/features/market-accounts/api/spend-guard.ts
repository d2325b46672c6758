import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarketSpend, SpendGuardInput, SpendGuardView } from '@toydesk/contract';

import { botApi } from '@/lib/bot-api';
import { isLiveConnected, type LiveMeta } from '@/lib/live-updates';
import type { RequestResult } from '@/lib/request';
import { unwrap } from '@/lib/query';

const guardKey = (accountId: number) => ['market-accounts', 'spend-guard', accountId] as const;
const spendsKey = (accountId: number) => ['market-accounts', 'spends', accountId] as const;

/** How often today's spending and the open calls' states are read again while the live stream is down. */
export const SPEND_POLL_MS = 15_000;

/** A spending call or a guard written (market_spend, market_spend_guard: migration 032). */
const spendMeta: LiveMeta = { live: ['spending'] };

/**
 * Polls every SPEND_POLL_MS while the live stream is down. While it is up the stream brings every spend
 * and guard change, but "today" is a UTC day that ends without any write: the figures are read again
 * just after midnight UTC, then not until the next change.
 */
export function spendRefetchInterval(now = Date.now()): number {
  if (!isLiveConnected()) return SPEND_POLL_MS;
  const nextDay = new Date(now);
  nextDay.setUTCHours(24, 0, 1, 0);
  return nextDay.getTime() - now;
}
const spendPoll = () => spendRefetchInterval();

export function useSpendGuard(accountId: number) {
  return useQuery(spendGuardQueryOptions(accountId));
}

/** The account's spend guards with today's spending (GET /api-node/market-accounts/{id}/spend-guard/). */
export function spendGuardQueryOptions(accountId: number) {
  return queryOptions({
    queryKey: guardKey(accountId),
    queryFn: async ({ signal }) =>
      unwrap(
        await botApi.call(
          'bot-spend.guard',
          { params: { id: accountId } },
          { signal, hideNotification: true, retry: 0 },
        ),
      ),
    meta: spendMeta,
    refetchInterval: spendPoll,
  });
}

export function useSpendSummary() {
  return useQuery(spendSummaryQueryOptions());
}

/** Today's spending and the guards of every account that has either, for the accounts list. Read quietly. */
export function spendSummaryQueryOptions() {
  return queryOptions({
    queryKey: ['market-accounts', 'spend-summary'] as const,
    queryFn: async ({ signal }): Promise<SpendGuardView[]> =>
      unwrap(await botApi.call('bot-spend.summary', {}, { signal, hideNotification: true, retry: 0 }))
        .results,
    meta: spendMeta,
    refetchInterval: spendPoll,
  });
}

export function useSpends(accountId: number) {
  return useQuery(spendsQueryOptions(accountId));
}

/** The account's last spending calls with their state (done, not done, unknown: being checked). */
export function spendsQueryOptions(accountId: number) {
  return queryOptions({
    queryKey: spendsKey(accountId),
    queryFn: async ({ signal }): Promise<MarketSpend[]> =>
      unwrap(
        await botApi.call(
          'bot-spend.list',
          { params: { id: accountId } },
          { signal, hideNotification: true, retry: 0 },
        ),
      ).results,
    meta: spendMeta,
    refetchInterval: spendPoll,
  });
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
