import type { TableSort } from '@/components/virtual-table/virtual-table';

import type { AvgByNameRow } from '../components/avg-by-name-table';

/** Rows whose name holds every word of the search (case-insensitive), sorted by a column. */
export function filterAndSortAvgRows(
  rows: readonly AvgByNameRow[],
  search: string,
  sort: TableSort | null,
): AvgByNameRow[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const out = words.length
    ? rows.filter((row) => {
        const name = row.market_hash_name.toLowerCase();
        return words.every((word) => name.includes(word));
      })
    : [...rows];
  if (!sort) return out;
  const key = sort.id as keyof AvgByNameRow;
  const value = (row: AvgByNameRow): number | string | null => {
    const v = row[key];
    if (key === 'market_hash_name') return v as string;
    return v === null ? null : Number(v);
  };
  const dir = sort.desc ? -1 : 1;
  return out.sort((a, b) => {
    const x = value(a);
    const y = value(b);
    // Rows without a value go last either way.
    if (x === null) return y === null ? 0 : 1;
    if (y === null) return -1;
    if (typeof x === 'string' || typeof y === 'string') return String(x).localeCompare(String(y)) * dir;
    return (x - y) * dir;
  });
}
