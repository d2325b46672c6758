/** Filters as a list query: arrays are repeated keys. */
export type ListFilterQuery = Record<string, string | (string | number)[]>;

/** The catalogue's filter bar; '' means "any". */
export interface ToyFilters {
  search: string;
  labels: string[];
  statuses: string[];
  tagIds: number[];
  /** A toy group id, NO_GROUP, or '' for any. */
  group: string;
  ignorePrice: '' | 'true' | 'false';
}

export const NO_GROUP = 'none';

export const EMPTY_TOY_FILTERS: ToyFilters = {
  search: '',
  labels: [],
  statuses: [],
  tagIds: [],
  group: '',
  ignorePrice: '',
};

/** The filters as the list's (and the bulk-by-query endpoint's) query: DRF-style field filters. */
export function toyFiltersToQuery(filters: ToyFilters): ListFilterQuery {
  const query: ListFilterQuery = {};
  const search = filters.search.trim();
  if (search) query.search = search;
  if (filters.labels.length) query.label = filters.labels;
  if (filters.statuses.length) query.record_status = filters.statuses;
  if (filters.tagIds.length) query.tags = filters.tagIds;
  if (filters.group === NO_GROUP) query.group__isnull = 'true';
  else if (filters.group) query.group = filters.group;
  if (filters.ignorePrice) query.ignore_price = filters.ignorePrice;
  return query;
}

/** Whether a query narrows the rows at all (the by-query endpoint needs all=true otherwise). */
export function hasFilters(query: ListFilterQuery): boolean {
  return Object.values(query).some((value) => (Array.isArray(value) ? value.length > 0 : value !== ''));
}
