import type { VaultPlace } from './vault.ts';

/**
 * Every column holding vault values, with the column that keys its rows (the place's id). `vault:rotate`
 * walks these; `sealedPlace` is how callers name a value's place, checked against this list by the types.
 * A new secret column is added here, or rotation leaves it under the old key.
 *
 * Values sealed on INSERT need the row's id before the row exists: the tables' ids are identity columns
 * `BY DEFAULT`, so the writer takes the next id from the table's sequence first (`reserveRowId`) and inserts
 * with it. That keeps one statement per write (no half-written row holding a NULL secret between an INSERT
 * and an UPDATE) and works for many rows at once the same way.
 */
export const SEALED_COLUMNS = {
  steam_account: {
    key: 'id',
    columns: ['password', 'shared_secret', 'identity_secret', 'revocation_code', 'email_password'],
  },
  market_account: { key: 'id', columns: ['api_key', 'pay_password'] },
  proxy: { key: 'id', columns: ['password'] },
  bot_steam_session: { key: 'steam_account', columns: ['session', 'steam_api_key'] },
  // Last: the key check moved to the new key is the mark that a rotation finished (load-vault.ts).
  app_setting: { key: 'key', columns: ['value'], only: "key = 'vault_key_check'" },
} as const satisfies Record<string, { key: string; columns: readonly string[]; only?: string }>;

export type SealedTable = keyof typeof SEALED_COLUMNS;
export type SealedColumn<T extends SealedTable> = (typeof SEALED_COLUMNS)[T]['columns'][number];

/** The place of a value in one of the sealed columns. */
export function sealedPlace<T extends SealedTable>(
  table: T,
  column: SealedColumn<T>,
  id: string | number,
): VaultPlace {
  return { table, column, id };
}

export function isSealedTable(name: string): name is SealedTable {
  return Object.hasOwn(SEALED_COLUMNS, name);
}
