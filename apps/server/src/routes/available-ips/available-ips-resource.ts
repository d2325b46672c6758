import { availableIpEntity } from '@toydesk/contract';

import type { ResourceConfig } from '../../resources/resource.ts';

/** The `available_ip` table behind the generic CRUD of `/api/settings/available-ip/`. */
export const availableIpsResource = {
  entity: availableIpEntity,
  search: ['t.address', 't.comment'],
  defaultOrdering: 'id',
} satisfies ResourceConfig;
