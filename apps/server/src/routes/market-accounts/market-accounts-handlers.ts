import { sendFilteredPage } from '@toydesk/api-kit';
import { marketAccountsExtendedSql } from '@toydesk/db';

import { crudHandlers } from '../crud-handlers.ts';
import type { ApiHandlers } from '../handler.ts';

/** The handlers of the `market-accounts.*` routes: the generic CRUD ones and the special endpoints. */
export const marketAccountsHandlers = {
  ...crudHandlers('market-accounts', (ctx) => ctx.services.resources.marketAccount),

  'market-accounts.extended': async (ctx) => {
    const accounts = ctx.services.resources.marketAccount;
    return sendFilteredPage(ctx, accounts, marketAccountsExtendedSql(accounts));
  },
} satisfies Partial<ApiHandlers>;
