import { useQuery } from '@tanstack/react-query';

import { API_ROUTES_BY_ID } from '@toydesk/contract';

import { backendBaseUrl } from '@/lib/env';
import type { LiveMeta } from '@/lib/live-updates';
import { apiQueryOptions } from '@/lib/query';
import { withQuery } from '@/lib/query-string';

/**
 * One UTC day's report (GET /api/reports/daily/). Read again when the live stream says deals, alerts,
 * deliveries or jobs changed: only today's report can change that way, and a past day's read costs little.
 */
export function useDailyReport(date: string) {
  return useQuery({
    ...apiQueryOptions('reports.daily', { query: { date } }),
    meta: { live: ['history', 'alerts', 'deliveries', 'jobs'] } satisfies LiveMeta,
    placeholderData: (previous) => previous,
  });
}

/** The same report as a file: CSV (columns named as the JSON fields) or the JSON answer itself. */
export function dailyReportUrl(date: string, format: 'json' | 'csv'): string {
  return withQuery(`${backendBaseUrl()}${API_ROUTES_BY_ID['reports.daily'].path}`, { date, format });
}
