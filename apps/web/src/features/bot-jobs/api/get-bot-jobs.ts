import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { BotJob } from '@toydesk/contract';

import { botApi } from '@/lib/bot-api';
import { botJobsQueryKey } from '@/lib/bot-jobs';
import { unwrap, type ListPage } from '@/lib/query';

import { jobsListQuery, type BotJobFilters } from '../utils/job-filters';

/** Rows read per page while the table scrolls (the service allows at most 1000). */
export const JOB_PAGE_SIZE = 200;

export function botJobsListOptions(filters: BotJobFilters, refetchMs: number | false) {
  return {
    ...infiniteQueryOptions({
      queryKey: [...botJobsQueryKey, 'list', filters] as const,
      initialPageParam: 1,
      queryFn: async ({ pageParam, signal }) =>
        unwrap(
          await botApi.call(
            'bot-jobs.list',
            {
              query: {
                ...jobsListQuery(filters),
                page: pageParam,
                page_size: JOB_PAGE_SIZE,
              },
            },
            { signal },
          ),
        ) as ListPage<BotJob>,
      getNextPageParam: (last: ListPage<BotJob>, _all: unknown, lastParam: number) =>
        last.next ? lastParam + 1 : undefined,
    }),
    refetchInterval: refetchMs,
  };
}

/** The jobs, newest first, filtered by state, kind and account; read page by page. */
export function useBotJobsList(filters: BotJobFilters, refetchMs: number | false) {
  return useInfiniteQuery(botJobsListOptions(filters, refetchMs));
}
