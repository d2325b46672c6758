import { sortRowsBy } from '@/components/sort-rows';
import type { TableSort } from '@/components/virtual-table/virtual-table';

import type { MarketAccountRow } from '../api/get-market-accounts';

export interface MarketAccountFilters {
  /** A market code, or '' for every market. */
  market: string;
  search: string;
  statuses: string[];
  tagIds: number[];
  /** 'on' / 'off': only accounts online / offline. */
  online: '' | 'on' | 'off';
}

export const EMPTY_FILTERS: MarketAccountFilters = {
  market: '',
  search: '',
  statuses: [],
  tagIds: [],
  online: '',
};

/** The rows matching every filter; the search looks at names, market, proxy and notes. */
export function filterMarketAccounts(
  rows: readonly MarketAccountRow[],
  filters: MarketAccountFilters,
): MarketAccountRow[] {
  const needle = filters.search.trim().toLowerCase();
  return rows.filter((row) => {
    if (filters.market && row.market !== filters.market) return false;
    if (filters.statuses.length > 0 && !filters.statuses.includes(row.status)) return false;
    if (filters.tagIds.length > 0 && !filters.tagIds.some((id) => row.tags.includes(id))) return false;
    if (filters.online === 'on' && !row.online) return false;
    if (filters.online === 'off' && row.online) return false;
    if (!needle) return true;
    return [row.label, row.steam_account_name, row.market, row.market_name, row.proxy_label, row.notes]
      .filter((value): value is string => typeof value === 'string')
      .some((value) => value.toLowerCase().includes(needle));
  });
}

const SORT_VALUES: Record<string, (row: MarketAccountRow) => string | number> = {
  label: (row) => row.label.toLowerCase(),
  market: (row) => row.market,
  status: (row) => row.status,
  online: (row) => (row.online ? 1 : 0),
  balance: (row) => Number(row.balance_rub),
  proxy: (row) => row.proxy_label ?? '',
  last_online_at: (row) => row.last_online_at ?? '',
};

/** Sorted by a column the table offers; stable, so equal rows keep their order. */
export function sortMarketAccounts(rows: MarketAccountRow[], sort: TableSort | null): MarketAccountRow[] {
  const value = sort ? SORT_VALUES[sort.id] : undefined;
  return sort && value ? sortRowsBy(rows, sort.desc, value) : rows;
}

/** Market codes present in the rows, in the order of the markets list. */
export function marketsInRows(rows: readonly MarketAccountRow[]): string[] {
  return [...new Set(rows.map((row) => row.market))];
}
