import { defineEntity, marketToyEntity, toyEntity } from '@toydesk/contract';

const { toy: _toy, market_hash_name: _computed, ...rest } = marketToyEntity.fields;

/**
 * A market toy named by its market hash name instead of a toy id: the body of
 * bulk-create-or-update-by-market-hash-name, which also adds the toy to the catalogue when it is missing.
 * The create form uses it so an operator never has to look up a toy id.
 */
export const marketToyByNameEntity = defineEntity('market_toy_by_name', 'Market toy by name', {
  market_hash_name: toyEntity.fields.market_hash_name,
  ...rest,
});

/** Market toy filters of the toolbar; '' means any. */
export interface MarketToyFilters {
  search: string;
  market: string;
  dynamic: '' | 'true' | 'false';
  statuses: string[];
}

export const EMPTY_MARKET_TOY_FILTERS: MarketToyFilters = {
  search: '',
  market: '',
  dynamic: '',
  statuses: [],
};

export function marketToyFiltersToQuery(filters: MarketToyFilters): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  const search = filters.search.trim();
  if (search) query.search = search;
  if (filters.market) query.market = filters.market;
  if (filters.dynamic) query.enable_dynamic_order = filters.dynamic;
  if (filters.statuses.length) query.record_status = filters.statuses;
  return query;
}
