import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountChecklist } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { ALL_ROWS, unwrap } from '@/lib/query';

export const checklistsQueryKey = ['account-checklists', 'all'] as const;

/** Every checklist (one per account that has started a step); accounts without one have done nothing. */
export async function getChecklists(signal?: AbortSignal): Promise<AccountChecklist[]> {
  const result = await api.call('account-checklists.list', { query: { page_size: ALL_ROWS } }, { signal });
  return unwrap(result).results as AccountChecklist[];
}

/** While a step runs somewhere the list is read again this often, so the screen follows it. */
export const LIVE_REFRESH_MS = 3000;

function anyStepRunning(checklists: readonly AccountChecklist[] | undefined): boolean {
  return (checklists ?? []).some((checklist) =>
    Object.values(checklist.steps ?? {}).some((step) => step?.state === 'running'),
  );
}

export function useChecklists() {
  return useQuery({
    ...queryOptions({ queryKey: checklistsQueryKey, queryFn: ({ signal }) => getChecklists(signal) }),
    refetchInterval: (query) => (anyStepRunning(query.state.data) ? LIVE_REFRESH_MS : false),
  });
}
