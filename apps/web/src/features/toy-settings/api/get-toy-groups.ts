import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { ALL_ROWS, unwrap } from '@/lib/query';

/** Every toy group (GET /api/toy/toy-group/): the group filter's and the forms' choices. */
export function getToyGroupsQueryOptions() {
  return queryOptions({
    queryKey: ['toy-settings', 'groups'] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.call('toy-groups.list', { query: { page_size: ALL_ROWS, ordering: 'name' } }, { signal }),
      ).results,
    staleTime: 5 * 60_000,
  });
}

export function useToyGroups() {
  return useQuery(getToyGroupsQueryOptions());
}
