import { toyEntity } from '@toydesk/contract';

import type { ResourceConfig } from '../../resources/resource.ts';

/** The `toy` table behind the generic CRUD of `/api/toy/toys/`. */
export const toysResource = {
  entity: toyEntity,
  search: ['t.market_hash_name', 't.ru_name'],
  defaultOrdering: 'market_hash_name',
  prepare: (data, _ctx, existing) => {
    // classid_instanceid follows classid and instance when only those are given.
    const classid = data.classid ?? existing?.classid;
    const instance = data.instance ?? existing?.instance;
    if (
      data.classid_instanceid === undefined &&
      (data.classid !== undefined || data.instance !== undefined) &&
      classid
    ) {
      return { ...data, classid_instanceid: `${String(classid)}_${String(instance ?? '0')}` };
    }
    return data;
  },
} satisfies ResourceConfig;
