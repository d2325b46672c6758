import type { SteamInventoryItem } from '@toydesk/contract';

/** An inventory item as /api/toy/steam-inventory/ answers it, with overrides. */
export function inventoryRow(id: number, overrides: Partial<SteamInventoryItem> = {}): SteamInventoryItem {
  return {
    id,
    steam_account: 1,
    asset_id: String(30000 + id),
    classid: '310776560',
    instanceid: '188530139',
    classid_instanceid: '310776560_188530139',
    market_hash_name: `AK-47 | Redline (Field-Tested) #${id}`,
    toy: null,
    tradable: true,
    marketable: true,
    trade_hold_until: null,
    float_value: '0.2512',
    icon_url: null,
    status: 'in_inventory',
    created_at: '2026-11-21T10:00:00Z',
    updated_at: '2026-11-21T10:00:00Z',
    ...overrides,
  };
}
