import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SteamAccount } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { ALL_ROWS, unwrap } from '@/lib/query';

/**
 * A row of /api/steam/accounts/extended/ (the contract's steamAccountExtendedSchema). Written out here
 * because the contract's extended schema, built with .extend() on the entity's loosely typed ZodObject,
 * infers every field as unknown.
 */
export interface SteamAccountRow extends SteamAccount {
  market_accounts_extended: {
    id: number;
    market: string;
    label: string;
    balance: string;
    currency: string;
    online: boolean;
    status: string;
  }[];
  tag_objects: { id: number; name: string; color: string }[];
  total_balance_rub: string;
  checklist_done: number;
  checklist_total: number;
  proxy_label: string | null;
  server_group_name: string | null;
  inventory_count: number;
  on_sale_count: number;
}

export const steamAccountsQueryKey = ['steam-accounts', 'extended'] as const;

/** Every Steam account with its market accounts, balances, tags and counts (spec: page_size 999999). */
export async function getSteamAccounts(signal?: AbortSignal, quiet = false): Promise<SteamAccountRow[]> {
  const result = await api.call(
    'steam-accounts.extended',
    { query: { page_size: ALL_ROWS } },
    { signal, hideNotification: quiet },
  );
  return unwrap(result).results as unknown as SteamAccountRow[];
}

/** quiet: no error notification (the prefetch on a cold start; the page's own query reports failures). */
export function getSteamAccountsQueryOptions({ quiet = false }: { quiet?: boolean } = {}) {
  return queryOptions({
    queryKey: steamAccountsQueryKey,
    queryFn: ({ signal }) => getSteamAccounts(signal, quiet),
  });
}

/**
 * The whole list. `enabled` false holds the request back: the screen asks for it only once its first page
 * has answered (useSteamAccountsFirstPage), see there.
 */
export function useSteamAccounts(enabled = true) {
  return useQuery({ ...getSteamAccountsQueryOptions(), enabled });
}

/**
 * Rows the screen shows while the whole list is on its way: the answer of 5,000 accounts takes the server
 * (PGlite above all, whose row decoding runs in JavaScript) most of a second, this page a small part of it.
 *
 * The whole list is asked for only once this page has answered, never beside it (index.html's early
 * requests and the route's prefetch ask for this page alone): on PGlite the database runs on the server's
 * own event loop, so while it reads the 5,000 accounts (~3 s at load 5) the server answers nothing else,
 * not even the page's own scripts, and the screen mounted only after the whole list had come (session 13:
 * first rows at 5.4 s although this page answered at 0.9 s; the page's script chunks waited 3 s for their
 * first byte). On PostgreSQL the whole list starts a few hundred milliseconds later than it did.
 */
export const STEAM_ACCOUNTS_FIRST_PAGE = 100;

/** Not under steamAccountsQueryKey: only shown until the whole list is there, never refreshed after. */
export const steamAccountsFirstPageKey = ['steam-accounts-first-page', 'extended'] as const;

/** The first STEAM_ACCOUNTS_FIRST_PAGE accounts, in the whole list's order, and how many there are. */
export function getSteamAccountsFirstPageOptions({ quiet = false }: { quiet?: boolean } = {}) {
  return queryOptions({
    queryKey: steamAccountsFirstPageKey,
    queryFn: async ({ signal }) => {
      const result = await api.call(
        'steam-accounts.extended',
        { query: { page: 1, page_size: STEAM_ACCOUNTS_FIRST_PAGE } },
        { signal, hideNotification: quiet },
      );
      const page = unwrap(result);
      return { count: page.count, rows: page.results as unknown as SteamAccountRow[] };
    },
  });
}

/** The first page, read only while the whole list has not come (a return to the screen has it). */
export function useSteamAccountsFirstPage(wanted: boolean) {
  return useQuery({ ...getSteamAccountsFirstPageOptions(), enabled: wanted });
}
