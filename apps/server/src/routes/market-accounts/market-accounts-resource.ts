import { marketAccountEntity } from '@toydesk/contract';

import type { ResourceConfig } from '../../resources/resource.ts';
import { MARKET_ACCOUNT_LABEL_SQL } from '../../resources/sql-fragments.ts';

/** The `market_account` table behind the generic CRUD of `/api/market/accounts/`. */
export const marketAccountsResource = {
  entity: marketAccountEntity,
  search: [
    '(SELECT s.steam_account_name FROM steam_account s WHERE s.id = t.steam_account)',
    't.market',
    't.notes',
  ],
  defaultOrdering: 'id',
  hintSecrets: ['api_key'],
  computed: { label: MARKET_ACCOUNT_LABEL_SQL('t') },
} satisfies ResourceConfig;
