import type { QueryParams } from '@/lib/query-string';

export interface InventoryFilters {
  steamAccount: string;
  status: string;
  /** 'yes' / 'no': only tradable / untradable items. */
  tradable: '' | 'yes' | 'no';
  /** 'hold': a trade hold still running; 'none': never held. */
  hold: '' | 'hold' | 'none';
}

export const DEFAULT_INVENTORY_FILTERS: InventoryFilters = {
  steamAccount: '',
  status: 'in_inventory',
  tradable: '',
  hold: '',
};

/** The filters as the inventory list reads them (DRF-style lookups); `now` decides which holds still run. */
export function inventoryQuery(filters: InventoryFilters, now: Date): QueryParams {
  const query: Record<string, string | number | boolean> = {};
  if (filters.steamAccount) query.steam_account = Number(filters.steamAccount);
  if (filters.status) query.status = filters.status;
  if (filters.tradable) query.tradable = filters.tradable === 'yes';
  if (filters.hold === 'hold') query.trade_hold_until__gt = now.toISOString();
  if (filters.hold === 'none') query.trade_hold_until__isnull = true;
  return query;
}
