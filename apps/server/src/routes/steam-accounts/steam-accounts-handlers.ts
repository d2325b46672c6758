import { sendFilteredPage } from '@toydesk/api-kit';
import { steamAccountsExtendedSql } from '@toydesk/db';

import { crudHandlers } from '../crud-handlers.ts';
import type { ApiHandlers } from '../handler.ts';

/** The handlers of the `steam-accounts.*` routes: the generic CRUD ones and the special endpoints. */
export const steamAccountsHandlers = {
  ...crudHandlers('steam-accounts', (ctx) => ctx.services.resources.steamAccount),

  /** One row per Steam account with everything the accounts screen shows next to it. */
  'steam-accounts.extended': async (ctx) => {
    const accounts = ctx.services.resources.steamAccount;
    return sendFilteredPage(ctx, accounts, steamAccountsExtendedSql(accounts));
  },
} satisfies Partial<ApiHandlers>;
