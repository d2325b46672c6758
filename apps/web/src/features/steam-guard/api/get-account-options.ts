import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { ALL_ROWS, unwrap } from '@/lib/query';

export interface AccountOption {
  id: number;
  name: string;
}

/** The Steam accounts to pick from (names only). */
export async function getAccountOptions(signal?: AbortSignal): Promise<AccountOption[]> {
  const page = unwrap(
    await api.call(
      'steam-accounts.list',
      { query: { page_size: ALL_ROWS, ordering: 'steam_account_name' } },
      { signal },
    ),
  );
  return page.results.map((row) => ({ id: row.id, name: row.steam_account_name }));
}

export function useAccountOptions() {
  return useQuery({
    queryKey: ['steam-guard', 'accounts'],
    queryFn: ({ signal }) => getAccountOptions(signal),
  });
}
