import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BotAlert } from '@toydesk/contract';

import { botApi } from '@/lib/bot-api';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { unwrap } from '@/lib/query';

const alertsKey = (accountId: number) => ['market-accounts', 'alerts', accountId] as const;

/** The newest alerts of one market account (GET /api-node/alerts/?market_account=). */
export async function getAccountAlerts(accountId: number, signal?: AbortSignal): Promise<BotAlert[]> {
  const result = await botApi.call(
    'bot-alerts.list',
    { query: { market_account: accountId, page_size: 100 } },
    { signal, hideNotification: true },
  );
  return unwrap(result).results;
}

export function useAccountAlerts(accountId: number) {
  return useQuery(
    queryOptions({
      queryKey: alertsKey(accountId),
      queryFn: ({ signal }) => getAccountAlerts(accountId, signal),
    }),
  );
}

/** Acknowledges one alert; the account's list is read again. */
export function useAckAlert(accountId: number) {
  return useRefreshingMutation(
    async (id: number) => unwrap(await botApi.call('bot-alerts.ack', { params: { id } })),
    { refresh: [alertsKey(accountId)] },
  );
}
