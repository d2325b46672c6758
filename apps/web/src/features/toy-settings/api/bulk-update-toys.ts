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
 * A bulk-update-by-qs call of the catalogue (toys or market toys): by ids through its id filter (repeated id
 * keys, in chunks), or by the filters themselves; an unfiltered change says all=true, as the endpoint demands.
 * `send` makes one call with the query and answers how many rows it updated.
 */
export async function bulkUpdateByQuery(
  target: BulkTarget,
  send: (query: ListFilterQuery) => Promise<number>,
): Promise<number> {
  if ('query' in target) return send(hasFilters(target.query) ? target.query : { all: 'true' });
  let updated = 0;
  for (const ids of chunks(target.ids, IDS_PER_REQUEST)) updated += await send({ id: ids });
  return updated;
}

/** POST /api/toy/toys/bulk-toys-update-by-qs/. */
export function bulkUpdateToys(target: BulkTarget, patch: ToyPatch): Promise<number> {
  return bulkUpdateByQuery(
    target,
    async (query) => unwrap(await api.call('toys.bulk_update_by_qs', { query, body: patch })).updated,
  );
}

export function useBulkUpdateToys() {
  return useRefreshingMutation(
    ({ target, patch }: { target: BulkTarget; patch: ToyPatch }) => bulkUpdateToys(target, patch),
    { refresh: [TOYS_LIST_KEY] },
  );
}
