import { toyGroupEntity } from '@toydesk/contract';

import type { ResourceConfig } from '../../resources/resource.ts';

/** The `toy_group` table behind the generic CRUD of `/api/toy/toy-group/`. */
export const toyGroupsResource = {
  entity: toyGroupEntity,
  search: ['t.name'],
  defaultOrdering: 'name',
} satisfies ResourceConfig;
