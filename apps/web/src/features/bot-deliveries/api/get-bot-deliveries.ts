import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { BotDelivery, BotDeliveryState } from '@toydesk/contract';

import { botApi } from '@/lib/bot-api';
import { unwrap, type ListPage } from '@/lib/query';

export interface DeliveryFilters {
  states: BotDeliveryState[];
  marketAccounts: number[];
  /** yyyy-mm-dd, inclusive: the service counts a date as its whole UTC day, like the other date filters. */
  dateFrom: string;
  dateTo: string;
}

export const EMPTY_DELIVERY_FILTERS: DeliveryFilters = {
  states: [],
  marketAccounts: [],
  dateFrom: '',
  dateTo: '',
};

export const deliveriesQueryKey = ['bot-deliveries'] as const;
/** Rows read per page while the table scrolls (the service allows at most 1000). */
export const DELIVERY_PAGE_SIZE = 200;
/** Deliveries in flight change within seconds; the list is read again this often. */
export const DELIVERIES_REFRESH_MS = 15_000;

/** The list's filters as the bot service reads them (the table's pages and its CSV export). */
export function deliveriesListQuery(filters: DeliveryFilters) {
  return {
    state: filters.states,
    market_account: filters.marketAccounts,
    date_from: filters.dateFrom || undefined,
    date_to: filters.dateTo || undefined,
  };
}

/** The deliveries of sold items, newest sale first, page by page while the table scrolls. */
export function useBotDeliveries(filters: DeliveryFilters) {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: [...deliveriesQueryKey, filters] as const,
      initialPageParam: 1,
      queryFn: async ({ pageParam, signal }) =>
        unwrap(
          await botApi.call(
            'bot-deliveries.list',
            {
              query: { ...deliveriesListQuery(filters), page: pageParam, page_size: DELIVERY_PAGE_SIZE },
            },
            { signal },
          ),
        ) as ListPage<BotDelivery>,
      getNextPageParam: (last: ListPage<BotDelivery>, _all: unknown, lastParam: number) =>
        last.next ? lastParam + 1 : undefined,
    }),
    refetchInterval: DELIVERIES_REFRESH_MS,
  });
}
