import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { ALL_ROWS, unwrap } from '@/lib/query';

/** The server groups an address can belong to, as form choices. */
export function useServerGroupChoices() {
  return useQuery(
    queryOptions({
      queryKey: ['available-ips', 'server-group-choices'] as const,
      queryFn: async ({ signal }) =>
        unwrap(
          await api.call(
            'server-groups.list',
            { query: { page_size: ALL_ROWS, ordering: 'name' } },
            { signal },
          ),
        ).results.map((group) => ({ value: String(group.id), label: group.name })),
      staleTime: 60_000,
    }),
  );
}
