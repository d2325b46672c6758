import type { Queryable, Row } from '../database.ts';
import { MARKET_ACCOUNT_LABEL_SQL } from '../repositories/market-account-label.ts';

export type AuditAction = 'create' | 'update' | 'delete' | 'call';

/** Fields of an API row that name it for a person, most telling first (a market account's label first). */
const NAME_KEYS = ['label', 'market_hash_name', 'steam_account_name', 'name', 'login', 'address', 'host'];

/** SQL of the human name found in a row's JSON (an entry's before or after), or NULL. */
export const auditNameSql = (json: string): string =>
  `nullif(coalesce(${NAME_KEYS.map((key) => `${json}->>'${key}'`).join(', ')}), '')`;

/**
 * The name of an object by its entity and id, read from its table: for entries whose rows are partial (a bot
 * writes only the changed columns: a sell item's price, a loop switch). `id` is SQL of the object's id.
 */
const lookupNameSql = (entity: string, id: string): string => `CASE ${entity}
  WHEN 'sell_item' THEN (SELECT o.market_hash_name FROM sell_item o WHERE o.id = ${id})
  WHEN 'toy_history' THEN (SELECT o.market_hash_name FROM toy_history o WHERE o.id = ${id})
  WHEN 'steam_inventory' THEN (SELECT o.market_hash_name FROM steam_inventory o WHERE o.id = ${id})
  WHEN 'toy' THEN (SELECT o.market_hash_name FROM toy o WHERE o.id = ${id})
  WHEN 'market_toy' THEN (SELECT y.market_hash_name FROM market_toy o JOIN toy y ON y.id = o.toy WHERE o.id = ${id})
  WHEN 'toy_dynamic_setting' THEN (SELECT y.market_hash_name FROM toy_dynamic_setting o JOIN toy y ON y.id = o.toy WHERE o.id = ${id})
  WHEN 'steam_account' THEN (SELECT o.steam_account_name FROM steam_account o WHERE o.id = ${id})
  WHEN 'account_checklist' THEN (SELECT s.steam_account_name FROM account_checklist o JOIN steam_account s ON s.id = o.steam_account WHERE o.id = ${id})
  WHEN 'market_account' THEN (SELECT ${MARKET_ACCOUNT_LABEL_SQL('o')} FROM market_account o WHERE o.id = ${id})
  WHEN 'market_proxy' THEN (SELECT ${MARKET_ACCOUNT_LABEL_SQL('o')} FROM market_account o WHERE o.id = ${id})
  WHEN 'market_spend_guard' THEN (SELECT ${MARKET_ACCOUNT_LABEL_SQL('o')} FROM market_account o WHERE o.id = ${id})
  WHEN 'market' THEN (SELECT o.name FROM market o WHERE o.id = ${id})
  WHEN 'proxy' THEN (SELECT o.host FROM proxy o WHERE o.id = ${id})
END`;

export interface AuditEntryInput {
  id: number;
  before: Row | null;
  after: Row | null;
  /** The object's name when the rows do not carry it (a checklist names its Steam account). */
  label?: string | null;
}

/**
 * Appends audit entries in one statement whatever their number. Rows are the API representation, so
 * secrets are already masked. Each entry keeps the object's name, so the log names a deleted object too.
 */
export async function writeAudit(
  tx: Queryable,
  operator: string | null,
  action: AuditAction,
  entity: string,
  entries: AuditEntryInput[],
): Promise<void> {
  if (entries.length === 0) return;
  await tx.query(
    `INSERT INTO audit_entry (operator, action, entity, entity_id, before, after, label)
     SELECT $1, $2, $3, (x->>'id')::int, x->'before', x->'after',
            coalesce(nullif(x->>'label', ''), ${auditNameSql("x->'after'")}, ${auditNameSql("x->'before'")},
                     ${lookupNameSql('$3::text', "(x->>'id')::int")})
     FROM jsonb_array_elements($4::jsonb) AS x`,
    [operator, action, entity, JSON.stringify(entries)],
  );
}
