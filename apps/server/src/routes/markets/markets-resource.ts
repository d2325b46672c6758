import { marketEntity } from '@toydesk/contract';

import type { ResourceConfig } from '../../resources/resource.ts';

/** The `market` table behind the generic CRUD of `/api/market/markets/`. */
export const marketsResource = {
  entity: marketEntity,
  search: ['t.name', 't.code'],
  defaultOrdering: 'id',
  serverSet: ['rates_set_at'],
  // Totals converted with a rate show when it was set: a new or changed rate restamps the market.
  prepare: (data, _ctx, existing) => {
    const changed = (['usd_to_rub_rate', 'eur_to_rub_rate'] as const).some(
      (name) => data[name] !== undefined && (!existing || Number(data[name]) !== Number(existing[name])),
    );
    return changed ? { ...data, rates_set_at: new Date().toISOString() } : data;
  },
} satisfies ResourceConfig;
