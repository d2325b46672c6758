import { transactionEntity } from '@toydesk/contract';

import type { ResourceConfig } from '../../resources/resource.ts';

/** The `transaction` table behind the generic CRUD of `/api/steam/transactions/`. */
export const transactionsResource = {
  entity: transactionEntity,
  search: ['t.comment'],
  defaultOrdering: '-date',
  serverSet: ['created_by'],
  prepare: (data, ctx, existing) => (existing ? data : { ...data, created_by: ctx.operator }),
} satisfies ResourceConfig;
