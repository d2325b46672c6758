import { describe, expect, it } from 'vitest';

import { DEFAULT_INVENTORY_FILTERS, inventoryQuery } from './inventory-query';

describe('inventoryQuery', () => {
  const now = new Date('2026-11-22T03:00:00Z');

  it('asks for items in the inventory by default', () => {
    expect(inventoryQuery(DEFAULT_INVENTORY_FILTERS, now)).toEqual({ status: 'in_inventory' });
  });

  it('turns account, tradability and holds into list lookups', () => {
    expect(inventoryQuery({ steamAccount: '4', status: '', tradable: 'no', hold: 'hold' }, now)).toEqual({
      steam_account: 4,
      tradable: false,
      trade_hold_until__gt: '2026-11-22T03:00:00.000Z',
    });
    expect(inventoryQuery({ steamAccount: '', status: '', tradable: 'yes', hold: 'none' }, now)).toEqual({
      tradable: true,
      trade_hold_until__isnull: true,
    });
  });
});
