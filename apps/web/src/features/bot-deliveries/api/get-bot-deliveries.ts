import { useInfiniteQuery } from '@tanstack/react-query';
import type { BotDeliveryState } from '@toydesk/contract';

import { botListInfiniteOptions } from '@/lib/bot-list-query';

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
  return useInfiniteQuery(
    botListInfiniteOptions(
      'bot-deliveries.list',
      deliveriesQueryKey,
      deliveriesListQuery(filters),
      DELIVERIES_REFRESH_MS,
      'deliveries',
    ),
  );
}
