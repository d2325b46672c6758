import type { EntityRepository } from '../crud/entity-repository.ts';
import { PROXY_LABEL_SQL, TAG_OBJECTS_SQL } from '../crud/sql-fragments.ts';

/** RUB value of an amount in a market account's currency, rounded to 2 decimals (spec section 5). */
const toRubSql = (amount: string, currency: string, market: string) =>
  `round(CASE ${currency} WHEN 'USD' THEN ${amount} * ${market}.usd_to_rub_rate WHEN 'EUR' THEN ${amount} * ${market}.eur_to_rub_rate ELSE ${amount} END, 2)`;

/**
 * The select of the market accounts screen's list (`accounts` is `ENTITY_TABLES.marketAccount`'s
 * repository): each account with its market's and Steam account's names, tags, RUB balance and proxy.
 */
export const marketAccountsExtendedSql =
  (accounts: EntityRepository) =>
  (where: string, orderBy: string): string =>
    `SELECT ${accounts.selectList}, m.name AS market_name, s.steam_account_name, s.status AS steam_account_status,
                   ${TAG_OBJECTS_SQL('t')} AS tag_objects,
                   ${toRubSql('t.balance', 't.currency', 'm')} AS balance_rub,
                   ${PROXY_LABEL_SQL('t')} AS proxy_label
            FROM market_account t JOIN market m ON m.code = t.market JOIN steam_account s ON s.id = t.steam_account
            ${where} ORDER BY ${orderBy}`;
