import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BotSteamGuardCode } from '@toydesk/contract';

import { botApi } from '@/lib/bot-api';
import { unwrap } from '@/lib/query';

export const guardCodeQueryKey = (account: number) => ['steam-guard', 'code', account] as const;

/** The account's current Steam Guard code (the bot services compute it; the secret never comes here). */
export async function getGuardCode(account: number, signal?: AbortSignal): Promise<BotSteamGuardCode> {
  // No notification: an account without the authenticator (400) is said on the card itself.
  return unwrap(
    await botApi.call(
      'bot-steam-guard.code',
      { params: { id: account } },
      { signal, hideNotification: true },
    ),
  );
}

/** Read again when the code's window ends (plus a moment, so the next window has begun everywhere). */
export function guardCodeQueryOptions(account: number) {
  return queryOptions({
    queryKey: guardCodeQueryKey(account),
    queryFn: ({ signal }) => getGuardCode(account, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchInterval: (query) => {
      const data = query.state.data;
      return data ? data.valid_for_seconds * 1000 + 300 : false;
    },
  });
}

export function useGuardCode(account: number | null) {
  return useQuery({ ...guardCodeQueryOptions(account ?? 0), enabled: account !== null });
}
