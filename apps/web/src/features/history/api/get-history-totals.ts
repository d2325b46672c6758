import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/query';

import type { HistoryQuery } from '../utils/history-filters';
import { sumTotals, totalsQuery } from '../utils/history-totals';
import { HISTORY_TOTALS_KEY } from './history-keys';

/**
 * Count, bought, sold and profit of the rows the filters match, from the server's per-day aggregate
 * (GET /api/toy/history-stats/stats-by-date/), so the totals cover every row, not just the loaded pages.
 */
export function getHistoryTotalsQueryOptions(query: HistoryQuery) {
  const statsQuery = totalsQuery(query);
  return queryOptions({
    queryKey: [...HISTORY_TOTALS_KEY, statsQuery] as const,
    queryFn: async ({ signal }) => {
      const reply = unwrap(await api.call('history-stats.stats_by_date', { query: statsQuery }, { signal }));
      return { currency: reply.currency, ...sumTotals(reply.results) };
    },
    placeholderData: keepPreviousData,
  });
}

export function useHistoryTotals(query: HistoryQuery) {
  return useQuery(getHistoryTotalsQueryOptions(query));
}
