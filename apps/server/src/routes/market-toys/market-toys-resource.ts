import { marketToyEntity } from '@toydesk/contract';

import type { ResourceConfig } from '../../resources/resource.ts';
import { BY_TOY_MARKET_HASH_NAME } from '../../resources/by-toy-market-hash-name.ts';

/** The `market_toy` table behind the generic CRUD of `/api/market/toys/`. */
export const marketToysResource = {
  entity: marketToyEntity,
  defaultOrdering: 'id',
  ...BY_TOY_MARKET_HASH_NAME,
} satisfies ResourceConfig;
