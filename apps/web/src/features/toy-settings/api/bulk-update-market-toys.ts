import type { MarketToyPatch } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { unwrap } from '@/lib/query';

import { hasFilters } from '../utils/toy-filters';
import type { BulkTarget } from './bulk-update-toys';
import { chunks, IDS_PER_REQUEST, MARKET_TOYS_LIST_KEY } from './toy-keys';

/** POST /api/market/toys/bulk-toys-update-by-qs/: the selected ids (id filter) or the list's filters. */
export async function bulkUpdateMarketToys(target: BulkTarget, patch: MarketToyPatch): Promise<number> {
  if ('query' in target) {
    const query = hasFilters(target.query) ? target.query : { all: 'true' };
    return unwrap(await api.call('market-toys.bulk_update_by_qs', { query, body: patch })).updated;
  }
  let updated = 0;
  for (const ids of chunks(target.ids, IDS_PER_REQUEST)) {
    updated += unwrap(
      await api.call('market-toys.bulk_update_by_qs', { query: { id: ids }, body: patch }),
    ).updated;
  }
  return updated;
}

export function useBulkUpdateMarketToys() {
  return useRefreshingMutation(
    ({ target, patch }: { target: BulkTarget; patch: MarketToyPatch }) => bulkUpdateMarketToys(target, patch),
    { refresh: [MARKET_TOYS_LIST_KEY] },
  );
}
