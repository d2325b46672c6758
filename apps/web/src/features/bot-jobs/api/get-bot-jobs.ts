import { useInfiniteQuery } from '@tanstack/react-query';

import { botJobsQueryKey } from '@/lib/bot-jobs';
import { botListInfiniteOptions } from '@/lib/bot-list-query';

import { jobsListQuery, type BotJobFilters } from '../utils/job-filters';

/** The jobs, newest first, filtered by state, kind and account; read page by page. */
export function useBotJobsList(filters: BotJobFilters, refetchMs: number | false) {
  return useInfiniteQuery(
    botListInfiniteOptions(
      'bot-jobs.list',
      [...botJobsQueryKey, 'list'],
      jobsListQuery(filters),
      refetchMs,
      'jobs',
    ),
  );
}
