import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { ALL_ROWS, unwrap } from '@/lib/query';

/** Every server group as a form's choice (an account's or an address's group), by name. */
export function useServerGroupChoices() {
  return useQuery(
    queryOptions({
      queryKey: ['server-groups', 'choices'] as const,
      queryFn: async ({ signal }): Promise<{ value: string; label: string }[]> =>
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
