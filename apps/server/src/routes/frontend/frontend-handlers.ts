import { STEAM_ACCOUNT_MARKET_ACCOUNTS_SQL } from '../../resources/sql-fragments.ts';
import type { ApiHandlers } from '../handler.ts';

/** The handlers of the `frontend.*` routes. */
export const frontendHandlers = {
  /** Start-up data of the console (spec section 7): everything the shell needs before it renders. */
  'frontend.common': async (ctx) => {
    const { resources, db } = ctx.services;
    const [markets, steamAccounts, tags] = await Promise.all([
      db.query(resources.market.selectSql('', 't.id')),
      db.query(
        `SELECT t.id, t.steam_account_name, ${STEAM_ACCOUNT_MARKET_ACCOUNTS_SQL('t')} AS market_accounts
         FROM steam_account t ORDER BY t.steam_account_name`,
      ),
      db.query(resources.tag.selectSql('', 't.name')),
    ]);
    return {
      success: true,
      data: {
        markets,
        steamAccounts,
        tags,
        bot_token: ctx.services.botToken,
        demo: ctx.services.config.demo,
        operator: ctx.operator,
      },
    };
  },
} satisfies Partial<ApiHandlers>;
