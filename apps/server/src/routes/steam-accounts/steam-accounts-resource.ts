import { steamAccountEntity } from '@toydesk/contract';

import type { ResourceConfig } from '../../resources/resource.ts';
import { STEAM_ACCOUNT_MARKET_ACCOUNTS_SQL } from '../../resources/sql-fragments.ts';

/** The `steam_account` table behind the generic CRUD of `/api/steam/accounts/`. */
export const steamAccountsResource = {
  entity: steamAccountEntity,
  search: ['t.steam_account_name', 't.login', 't.email', 't.steam_id'],
  defaultOrdering: 'steam_account_name',
  computed: { market_accounts: STEAM_ACCOUNT_MARKET_ACCOUNTS_SQL('t') },
  customFilters: {
    // ?market=: the Steam accounts with a market account on one of these markets.
    market: (values, params) =>
      `EXISTS (SELECT 1 FROM market_account ma WHERE ma.steam_account = t.id AND ma.market = ANY(${params.add(values)}::text[]))`,
  },
} satisfies ResourceConfig;
