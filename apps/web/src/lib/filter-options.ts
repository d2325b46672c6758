import type { ReactNode } from 'react';

/** One choice of a toolbar's select filter (`SelectFilter` in components/filter-fields.tsx). */
export interface FilterOption {
  value: string;
  label: ReactNode;
}

/** The choices of a market filter: each market by its code, named. */
export function marketOptions(markets: readonly { code: string; name: string }[]): FilterOption[] {
  return markets.map((market) => ({ value: market.code, label: market.name }));
}

/** The choices of a Steam account filter: each account by its id (as the select's string), named. */
export function steamAccountOptions(
  accounts: readonly { id: number; steam_account_name: string }[],
): FilterOption[] {
  return accounts.map((account) => ({ value: String(account.id), label: account.steam_account_name }));
}

/** Every market account of the common data as an autocomplete's choice: its id and its label. */
export function marketAccountChoices(
  steamAccounts: readonly { market_accounts: readonly { id: number; label: string }[] }[],
): { id: number; label: string }[] {
  return steamAccounts.flatMap((account) =>
    account.market_accounts.map((market) => ({ id: market.id, label: market.label })),
  );
}
