import { tagEntity } from '@toydesk/contract';

import type { ResourceConfig } from '../../resources/resource.ts';

/** The `tag` table behind the generic CRUD of `/api/tag/`. */
export const tagsResource = {
  entity: tagEntity,
  search: ['t.name'],
  defaultOrdering: 'name',
} satisfies ResourceConfig;
