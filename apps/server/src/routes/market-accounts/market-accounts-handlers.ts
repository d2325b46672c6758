import { sendFilteredPage } from '@toydesk/api-kit';

import { PROXY_LABEL_SQL, TAG_OBJECTS_SQL } from '../../resources/sql-fragments.ts';
import { crudHandlers } from '../crud-handlers.ts';
import type { ApiHandlers } from '../handler.ts';

/** RUB value of an amount in a market account's currency, rounded to 2 decimals (spec section 5). */
const toRubSql = (amount: string, currency: string, market: string) =>
  `round(CASE ${currency} WHEN 'USD' THEN ${amount} * ${market}.usd_to_rub_rate WHEN 'EUR' THEN ${amount} * ${market}.eur_to_rub_rate ELSE ${amount} END, 2)`;

/** The handlers of the `market-accounts.*` routes: the generic CRUD ones and the special endpoints. */
export const marketAccountsHandlers = {
  ...crudHandlers('market-accounts', (ctx) => ctx.services.resources.marketAccount),

  'market-accounts.extended': async (ctx) => {
    const accounts = ctx.services.resources.marketAccount;
    return sendFilteredPage(
      ctx,
      accounts,
      (
        where,
        orderBy,
      ) => `SELECT ${accounts.selectList}, m.name AS market_name, s.steam_account_name, s.status AS steam_account_status,
                   ${TAG_OBJECTS_SQL('t')} AS tag_objects,
                   ${toRubSql('t.balance', 't.currency', 'm')} AS balance_rub,
                   ${PROXY_LABEL_SQL('t')} AS proxy_label
            FROM market_account t JOIN market m ON m.code = t.market JOIN steam_account s ON s.id = t.steam_account
            ${where} ORDER BY ${orderBy}`,
    );
  },
} satisfies Partial<ApiHandlers>;
