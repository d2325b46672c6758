/**
 * SQL expressions more than one list builds the same way. Each takes the alias of the row it reads from;
 * none takes a value from a request (they are spliced into the query text).
 */

/**
 * The `{id, market, label}` json of market account `ma` (joined with its market `m`) of the Steam account
 * `steamAlias`: the Steam account's `market_accounts`. json, not jsonb: only read, and about 40 % cheaper to
 * build for 5,000 accounts (the common data). `extra` adds fields, e.g. `'balance', ma.balance::text`.
 */
export const MARKET_ACCOUNT_LINK_JSON = (steamAlias: string, extra = '') =>
  `json_build_object('id', ma.id, 'market', ma.market, 'label', m.name || ' ' || ${steamAlias}.steam_account_name${extra ? `, ${extra}` : ''})`;

/** The row's tags (`alias.tags`, an int[]) as `[{id, name, color}]` ordered by name: the `tag_objects` field. */
export const TAG_OBJECTS_SQL = (alias: string) =>
  `(SELECT coalesce(jsonb_agg(jsonb_build_object('id', g.id, 'name', g.name, 'color', g.color) ORDER BY g.name), '[]'::jsonb)
      FROM tag g WHERE g.id = ANY(${alias}.tags))`;

/** The proxy of the row (`alias.proxy`) as `protocol://host:port`, or null: the `proxy_label` field. */
export const PROXY_LABEL_SQL = (alias: string) =>
  `(SELECT p.protocol || '://' || p.host || ':' || p.port FROM proxy p WHERE p.id = ${alias}.proxy)`;

/** The market accounts of Steam account `alias` as `[{id, market, label}]` in id order: its `market_accounts`. */
export const STEAM_ACCOUNT_MARKET_ACCOUNTS_SQL = (alias: string) =>
  `(SELECT coalesce(json_agg(${MARKET_ACCOUNT_LINK_JSON(alias)} ORDER BY ma.id), '[]'::json)
      FROM market_account ma JOIN market m ON m.code = ma.market WHERE ma.steam_account = ${alias}.id)`;
