import { toyHistoryEntity } from '@toydesk/contract';

import type { ResourceConfig } from '../../resources/resource.ts';

/** The `toy_history` table behind the generic CRUD of `/api/toy/history/`. */
export const historyResource = {
  entity: toyHistoryEntity,
  search: ['t.market_hash_name', 't.market_item_id', 't.comment'],
  defaultOrdering: '-date',
} satisfies ResourceConfig;
