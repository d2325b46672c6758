import { historyStatEntity } from '@toydesk/contract';

import type { ResourceConfig } from '../../resources/resource.ts';

/** The `history_stat` table behind the generic CRUD of `/api/toy/history-stats/`. */
export const historyStatsResource = {
  entity: historyStatEntity,
  search: ['t.market_hash_name'],
  defaultOrdering: '-date',
} satisfies ResourceConfig;
