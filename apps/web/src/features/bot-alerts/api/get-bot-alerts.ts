import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { BotAlert } from '@toydesk/contract';

import { botApi } from '@/lib/bot-api';
import { unwrap, type ListPage } from '@/lib/query';

export type AlertScope = 'open' | 'acknowledged' | 'all';

export interface AlertFilters {
  scope: AlertScope;
  marketAccount: number | null;
}

export const alertsQueryKey = ['bot-alerts'] as const;
export const ALERT_PAGE_SIZE = 200;
/** The open alerts are read again this often, like the shell's poller. */
export const ALERTS_REFRESH_MS = 15_000;

/** The list's filters as the bot service reads them (the table's pages and its CSV export). */
export function alertsListQuery(filters: AlertFilters) {
  return {
    acknowledged: filters.scope === 'open' ? '0' : filters.scope === 'acknowledged' ? '1' : undefined,
    market_account: filters.marketAccount ?? undefined,
  } as const;
}

/** The alerts, newest first, page by page while the table scrolls. */
export function useBotAlerts(filters: AlertFilters) {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: [...alertsQueryKey, filters] as const,
      initialPageParam: 1,
      queryFn: async ({ pageParam, signal }) =>
        unwrap(
          await botApi.call(
            'bot-alerts.list',
            {
              query: { ...alertsListQuery(filters), page: pageParam, page_size: ALERT_PAGE_SIZE },
            },
            { signal },
          ),
        ) as ListPage<BotAlert>,
      getNextPageParam: (last: ListPage<BotAlert>, _all: unknown, lastParam: number) =>
        last.next ? lastParam + 1 : undefined,
    }),
    refetchInterval: ALERTS_REFRESH_MS,
  });
}
