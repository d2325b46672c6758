import type { UrlFilterCodec } from '@/lib/use-url-filters';
import type { TableSort } from '@/components/virtual-table/virtual-table';

/** The market stats screen's choices, kept in its URL (issue 12): a reload, Back or a shared link keeps them. */
export interface StatsFilters {
  /** The averages table's name search. */
  search: string;
  side: 'sell' | 'buy';
  /** The item whose trades and price points are shown. */
  item: string | null;
  sort: TableSort | null;
}

export const DEFAULT_STATS_SORT: TableSort = { id: 'sell_count', desc: true };

const SORT = /^(-?)([a-z_]{1,40})$/;

/** The choices a URL holds; anything missing or malformed is the default. */
export function statsFiltersFromSearch(params: URLSearchParams): StatsFilters {
  const sort = SORT.exec(params.get('ordering') ?? '');
  return {
    search: params.get('search') ?? '',
    side: params.get('side') === 'buy' ? 'buy' : 'sell',
    item: params.get('item') || null,
    sort:
      params.get('ordering') === 'none'
        ? null
        : sort?.[2]
          ? { id: sort[2], desc: sort[1] === '-' }
          : DEFAULT_STATS_SORT,
  };
}

/** The URL query with the choices written over `current`: defaults left out, other keys kept. */
export function statsFiltersToSearch(
  filters: StatsFilters,
  current = new URLSearchParams(),
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of ['search', 'side', 'item', 'ordering']) next.delete(key);
  if (filters.search) next.set('search', filters.search);
  if (filters.side === 'buy') next.set('side', 'buy');
  if (filters.item) next.set('item', filters.item);
  const { sort } = filters;
  if (!sort) next.set('ordering', 'none');
  else if (sort.id !== DEFAULT_STATS_SORT.id || sort.desc !== DEFAULT_STATS_SORT.desc)
    next.set('ordering', `${sort.desc ? '-' : ''}${sort.id}`);
  return next;
}

export const STATS_FILTERS_IN_URL: UrlFilterCodec<StatsFilters> = {
  fromSearch: statsFiltersFromSearch,
  toSearch: statsFiltersToSearch,
};
