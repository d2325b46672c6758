import { toyDynamicSettingEntity } from '@toydesk/contract';

import type { ResourceConfig } from '../../resources/resource.ts';
import { BY_TOY_MARKET_HASH_NAME } from '../../resources/by-toy-market-hash-name.ts';

/** The `toy_dynamic_setting` table behind the generic CRUD of `/api/market/toy-dynamic-settings/`. */
export const toyDynamicSettingsResource = {
  entity: toyDynamicSettingEntity,
  defaultOrdering: 'id',
  ...BY_TOY_MARKET_HASH_NAME,
} satisfies ResourceConfig;
