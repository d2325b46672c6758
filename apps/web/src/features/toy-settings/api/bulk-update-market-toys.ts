import type { MarketToyPatch } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { unwrap } from '@/lib/query';

import { bulkUpdateByQuery, type BulkTarget } from './bulk-update-toys';
import { MARKET_TOYS_LIST_KEY } from './toy-keys';

/** POST /api/market/toys/bulk-toys-update-by-qs/: the selected ids (id filter) or the list's filters. */
export function bulkUpdateMarketToys(target: BulkTarget, patch: MarketToyPatch): Promise<number> {
  return bulkUpdateByQuery(
    target,
    async (query) => unwrap(await api.call('market-toys.bulk_update_by_qs', { query, body: patch })).updated,
  );
}

export function useBulkUpdateMarketToys() {
  return useRefreshingMutation(
    ({ target, patch }: { target: BulkTarget; patch: MarketToyPatch }) => bulkUpdateMarketToys(target, patch),
    { refresh: [MARKET_TOYS_LIST_KEY] },
  );
}
