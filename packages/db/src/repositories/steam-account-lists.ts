import { SIGNUP_STEPS } from '@toydesk/contract';

import type { EntityRepository } from '../crud/entity-repository.ts';
import {
  MARKET_ACCOUNT_LINK_JSON,
  PROXY_LABEL_SQL,
  STEAM_ACCOUNT_MARKET_ACCOUNTS_SQL,
  TAG_OBJECTS_SQL,
} from '../crud/sql-fragments.ts';
import type { Queryable, Row } from '../database.ts';

/** What `market_accounts_extended` adds to each market account's `{id, market, label}`. */
const EXTENDED_FIELDS = `'balance', ma.balance::text, 'currency', ma.currency, 'online', ma.online, 'status', ma.status`;

/**
 * The select of the accounts screen's list (`accounts` is `ENTITY_TABLES.steamAccount`'s repository): one
 * row per Steam account with everything the screen shows next to it. One pass over each account's market
 * accounts (the short list, the extended list and the total) in a lateral join instead of three correlated
 * subqueries, built as json (text) rather than jsonb, which the driver parses anyway: the 5,000-account
 * list's query took about half the time (bench:web, first rows of /steam-account/list).
 */
export const steamAccountsExtendedSql =
  (accounts: EntityRepository) =>
  (where: string, orderBy: string): string =>
    `SELECT ${accounts.selectListWithout('market_accounts')},
              mx.market_accounts, mx.market_accounts_extended, mx.total_balance_rub,
              ${TAG_OBJECTS_SQL('t')} AS tag_objects,
              coalesce((SELECT count(*)::int FROM account_checklist c, jsonb_each(c.steps) e
                 WHERE c.steam_account = t.id AND e.value->>'state' = 'done'), 0) AS checklist_done,
              ${SIGNUP_STEPS.length} AS checklist_total,
              ${PROXY_LABEL_SQL('t')} AS proxy_label,
              (SELECT g.name FROM server_group g WHERE g.id = t.server_group) AS server_group_name,
              (SELECT count(*)::int FROM steam_inventory i WHERE i.steam_account = t.id AND i.status = 'in_inventory') AS inventory_count,
              (SELECT count(*)::int FROM sell_item si WHERE si.steam_account = t.id AND si.status = 'on_sale') AS on_sale_count
            FROM steam_account t
            CROSS JOIN LATERAL (
              SELECT coalesce(json_agg(${MARKET_ACCOUNT_LINK_JSON('t')} ORDER BY ma.id), '[]'::json) AS market_accounts,
                     coalesce(json_agg(${MARKET_ACCOUNT_LINK_JSON('t', EXTENDED_FIELDS)} ORDER BY ma.id), '[]'::json)
                       AS market_accounts_extended,
                     coalesce(sum(round(CASE ma.currency WHEN 'USD' THEN ma.balance * m.usd_to_rub_rate ELSE ma.balance END, 2)), 0)
                       AS total_balance_rub
                FROM market_account ma JOIN market m ON m.code = ma.market WHERE ma.steam_account = t.id) mx
            ${where} ORDER BY ${orderBy}`;

/** Every Steam account's id, name and market accounts (`{id, market, label}`), by name: the common data's. */
export async function listSteamAccountLinks(db: Queryable): Promise<Row[]> {
  return db.query(
    `SELECT t.id, t.steam_account_name, ${STEAM_ACCOUNT_MARKET_ACCOUNTS_SQL('t')} AS market_accounts
         FROM steam_account t ORDER BY t.steam_account_name`,
  );
}
