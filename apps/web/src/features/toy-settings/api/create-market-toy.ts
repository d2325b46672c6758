import type { ApiBody } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { unwrap } from '@/lib/query';

import { MARKET_TOYS_LIST_KEY, TOYS_LIST_KEY } from './toy-keys';

export type MarketToyByName = ApiBody<'market-toys.bulk_create_or_update_by_mhn'>[number];

/**
 * POST /api/market/toys/bulk-create-or-update-by-market-hash-name/ with one row: the market toy by name,
 * the toy created in the catalogue when it is new. The row's 400 ({"0": {...}}) is unwrapped to fields.
 */
export async function createMarketToy(row: MarketToyByName) {
  const result = await api.call('market-toys.bulk_create_or_update_by_mhn', { body: [row] });
  if (
    !result.success &&
    result.status === 400 &&
    typeof result.errors === 'object' &&
    result.errors !== null
  ) {
    const first = (result.errors as Record<string, unknown>)['0'];
    if (first) return unwrap({ ...result, errors: first });
  }
  return unwrap(result);
}

export function useCreateMarketToy() {
  return useRefreshingMutation(createMarketToy, { refresh: [MARKET_TOYS_LIST_KEY, TOYS_LIST_KEY] });
}
