import type { ToyPatch } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { unwrap } from '@/lib/query';

import type { ListFilterQuery } from '../utils/toy-filters';
import { hasFilters } from '../utils/toy-filters';
import { chunks, IDS_PER_REQUEST, TOYS_LIST_KEY } from './toy-keys';

/** Which toys a bulk change touches: the selected ids, or every toy matching the list's filters. */
export type BulkTarget = { ids: readonly number[] } | { query: ListFilterQuery };

/**
 * POST /api/toy/toys/bulk-toys-update-by-qs/: by ids through its id filter (repeated id keys, in chunks),
 * or by the filters themselves; an unfiltered change says all=true, as the endpoint demands.
 */
export async function bulkUpdateToys(target: BulkTarget, patch: ToyPatch): Promise<number> {
  if ('query' in target) {
    const query = hasFilters(target.query) ? target.query : { all: 'true' };
    return unwrap(await api.call('toys.bulk_update_by_qs', { query, body: patch })).updated;
  }
  let updated = 0;
  for (const ids of chunks(target.ids, IDS_PER_REQUEST)) {
    updated += unwrap(await api.call('toys.bulk_update_by_qs', { query: { id: ids }, body: patch })).updated;
  }
  return updated;
}

export function useBulkUpdateToys() {
  return useRefreshingMutation(
    ({ target, patch }: { target: BulkTarget; patch: ToyPatch }) => bulkUpdateToys(target, patch),
    { refresh: [TOYS_LIST_KEY] },
  );
}
