import type { SteamAccountRow } from '../api/get-steam-accounts';

export interface SteamAccountFilters {
  search: string;
  statuses: readonly string[];
  tagIds: readonly number[];
  /** A server group name, NO_GROUP for accounts without one, or '' for all. */
  serverGroup: string;
}

export const NO_GROUP = '\u0000none';
export const EMPTY_FILTERS: SteamAccountFilters = { search: '', statuses: [], tagIds: [], serverGroup: '' };

const haystacks = new WeakMap<SteamAccountRow, string>();

/** The text a search looks in: names, login, ids, contacts, proxy, notes and market account labels. */
function haystack(row: SteamAccountRow): string {
  let text = haystacks.get(row);
  if (text === undefined) {
    text = [
      row.steam_account_name,
      row.login,
      row.steam_id,
      row.email,
      row.phone,
      row.proxy_label,
      row.server_group_name,
      row.notes,
      ...row.market_accounts_extended.map((account) => account.label),
      ...row.tag_objects.map((tag) => tag.name),
    ]
      .filter(Boolean)
      .join('\n')
      .toLowerCase();
    haystacks.set(row, text);
  }
  return text;
}

/** The rows that pass every filter; every word of the search must appear somewhere in the row. */
export function filterSteamAccounts(
  rows: readonly SteamAccountRow[],
  filters: SteamAccountFilters,
): readonly SteamAccountRow[] {
  const words = filters.search.toLowerCase().split(/\s+/).filter(Boolean);
  const statuses = new Set(filters.statuses);
  const noFilter =
    words.length === 0 && statuses.size === 0 && filters.tagIds.length === 0 && !filters.serverGroup;
  if (noFilter) return rows;
  return rows.filter((row) => {
    if (statuses.size > 0 && !statuses.has(row.status)) return false;
    if (filters.tagIds.length > 0 && !filters.tagIds.every((id) => row.tags.includes(id))) return false;
    if (
      filters.serverGroup === NO_GROUP
        ? row.server_group_name !== null
        : filters.serverGroup && row.server_group_name !== filters.serverGroup
    )
      return false;
    if (words.length > 0) {
      const text = haystack(row);
      if (!words.every((word) => text.includes(word))) return false;
    }
    return true;
  });
}
