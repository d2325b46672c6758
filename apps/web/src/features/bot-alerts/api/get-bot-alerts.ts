import { useInfiniteQuery } from '@tanstack/react-query';

import { botListInfiniteOptions } from '@/lib/bot-list-query';

export type AlertScope = 'open' | 'acknowledged' | 'all';

export interface AlertFilters {
  scope: AlertScope;
  marketAccount: number | null;
}

export const alertsQueryKey = ['bot-alerts'] as const;
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
  return useInfiniteQuery(
    botListInfiniteOptions(
      'bot-alerts.list',
      alertsQueryKey,
      alertsListQuery(filters),
      ALERTS_REFRESH_MS,
      'alerts',
    ),
  );
}
