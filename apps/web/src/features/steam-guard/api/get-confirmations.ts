import { queryOptions, useQuery } from '@tanstack/react-query';
import { botSteamConfirmationListSchema, type BotSteamConfirmation } from '@toydesk/contract';

import { botApi } from '@/lib/bot-api';
import { unwrap } from '@/lib/query';

import { finishedJob } from './finished-job';

export const confirmationsQueryKey = (account: number) => ['steam-guard', 'confirmations', account] as const;

/** The account's pending mobile confirmations, read on Steam by a bot job. */
export async function getConfirmations(
  account: number,
  signal?: AbortSignal,
): Promise<BotSteamConfirmation[]> {
  const started = unwrap(
    await botApi.call(
      'bot-steam-guard.confirmations',
      { params: { id: account }, query: { wait: 25 } },
      { signal },
    ),
  );
  const job = await finishedJob(started, signal);
  if (job.state !== 'done') throw new Error(job.error?.message ?? job.state);
  return botSteamConfirmationListSchema.parse(job.result).confirmations;
}

export function confirmationsQueryOptions(account: number) {
  return queryOptions({
    queryKey: confirmationsQueryKey(account),
    queryFn: ({ signal }) => getConfirmations(account, signal),
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useConfirmations(account: number | null) {
  return useQuery({ ...confirmationsQueryOptions(account ?? 0), enabled: account !== null });
}
