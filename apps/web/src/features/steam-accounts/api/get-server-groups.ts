import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { ALL_ROWS, unwrap } from '@/lib/query';

/** The server groups an account can be put in (the form's choices). */
export function getServerGroupOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['steam-accounts', 'server-group-options'] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.call(
          'server-groups.list',
          { query: { page_size: ALL_ROWS, ordering: 'name' } },
          { signal },
        ),
      ).results,
    staleTime: 5 * 60_000,
  });
}

export function useServerGroupOptions() {
  return useQuery(getServerGroupOptionsQueryOptions());
}
