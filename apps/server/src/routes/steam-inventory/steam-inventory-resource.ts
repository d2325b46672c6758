import { steamInventoryEntity } from '@toydesk/contract';

import type { ResourceConfig } from '../../resources/resource.ts';

/** The `steam_inventory` table behind the generic CRUD of `/api/toy/steam-inventory/`. */
export const steamInventoryResource = {
  entity: steamInventoryEntity,
  search: ['t.market_hash_name', 't.asset_id'],
  defaultOrdering: 'id',
} satisfies ResourceConfig;
