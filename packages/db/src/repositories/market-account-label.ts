// Apart from market-account.ts: the audit writer names market accounts with it, and market-account.ts writes
// audit entries, so one module holding both would be an import circle.

/**
 * SQL of a market account's label: the market's name plus the Steam account's name (spec section 3). Takes
 * the alias of the `market_account` row it reads from; spliced into query text, never given a request value.
 */
export const MARKET_ACCOUNT_LABEL_SQL = (alias: string) =>
  `(SELECT m.name || ' ' || s.steam_account_name FROM market m, steam_account s WHERE m.code = ${alias}.market AND s.id = ${alias}.steam_account)`;
