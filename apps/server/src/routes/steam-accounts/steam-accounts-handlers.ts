import { sendFilteredPage } from '@toydesk/api-kit';
import { SIGNUP_STEPS } from '@toydesk/contract';

import { MARKET_ACCOUNT_LINK_JSON, PROXY_LABEL_SQL, TAG_OBJECTS_SQL } from '../../resources/sql-fragments.ts';
import { crudHandlers } from '../crud-handlers.ts';
import type { ApiHandlers } from '../handler.ts';

/** What `market_accounts_extended` adds to each market account's `{id, market, label}`. */
const EXTENDED_FIELDS = `'balance', ma.balance::text, 'currency', ma.currency, 'online', ma.online, 'status', ma.status`;

/** The handlers of the `steam-accounts.*` routes: the generic CRUD ones and the special endpoints. */
export const steamAccountsHandlers = {
  ...crudHandlers('steam-accounts', (ctx) => ctx.services.resources.steamAccount),

  /** One row per Steam account with everything the accounts screen shows next to it. */
  'steam-accounts.extended': async (ctx) => {
    const accounts = ctx.services.resources.steamAccount;
    return sendFilteredPage(
      ctx,
      accounts,
      // One pass over each account's market accounts (the short list, the extended list and the total) in a
      // lateral join instead of three correlated subqueries, built as json (text) rather than jsonb, which the
      // driver parses anyway: the 5,000-account list's query took about half the time (bench:web, first rows
      // of /steam-account/list).
      (where, orderBy) => `SELECT ${accounts.selectListWithout('market_accounts')},
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
            ${where} ORDER BY ${orderBy}`,
    );
  },
} satisfies Partial<ApiHandlers>;
