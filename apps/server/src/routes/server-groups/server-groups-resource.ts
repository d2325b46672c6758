import { serverGroupEntity } from '@toydesk/contract';

import type { ResourceConfig } from '../../resources/resource.ts';

/** The `server_group` table behind the generic CRUD of `/api/settings/server/`. */
export const serverGroupsResource = {
  entity: serverGroupEntity,
  search: ['t.name'],
  defaultOrdering: 'name',
} satisfies ResourceConfig;
