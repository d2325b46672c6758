import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountChecklist } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { isLiveConnected, type LiveMeta } from '@/lib/live-updates';
import { ALL_ROWS, unwrap } from '@/lib/query';

export const checklistsQueryKey = ['account-checklists', 'all'] as const;

/** Every checklist (one per account that has started a step); accounts without one have done nothing. */
export async function getChecklists(signal?: AbortSignal): Promise<AccountChecklist[]> {
  const result = await api.call('account-checklists.list', { query: { page_size: ALL_ROWS } }, { signal });
  return unwrap(result).results as AccountChecklist[];
}

/**
 * While a step runs somewhere and the live stream is down, the list is read again this often, so the
 * screen follows it. With the stream up, a step's writes (account_checklist, migration 032) bring it.
 */
export const LIVE_REFRESH_MS = 3000;

export function anyStepRunning(checklists: readonly AccountChecklist[] | undefined): boolean {
  return (checklists ?? []).some((checklist) =>
    Object.values(checklist.steps ?? {}).some((step) => step?.state === 'running'),
  );
}

export function checklistsQueryOptions() {
  return queryOptions({
    queryKey: checklistsQueryKey,
    queryFn: ({ signal }) => getChecklists(signal),
    meta: { live: ['checklists'] } satisfies LiveMeta,
    refetchInterval: (query) =>
      anyStepRunning(query.state.data) && !isLiveConnected() ? LIVE_REFRESH_MS : false,
  });
}

export function useChecklists() {
  return useQuery(checklistsQueryOptions());
}
