import { sellItemEntity } from '@toydesk/contract';

import type { ResourceConfig } from '../../resources/resource.ts';

/** The `sell_item` table behind the generic CRUD of `/api/market/sell/items/`. */
export const sellItemsResource = {
  entity: sellItemEntity,
  search: ['t.market_hash_name', 't.market_item_id'],
  defaultOrdering: '-listed_at',
} satisfies ResourceConfig;
