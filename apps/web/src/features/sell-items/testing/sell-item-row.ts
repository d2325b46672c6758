import type { SellItem } from '@toydesk/contract';

/** A sell item as /api/market/sell/items/ answers it, with overrides. */
export function sellItemRow(id: number, overrides: Partial<SellItem> = {}): SellItem {
  return {
    id,
    market_account: 7,
    market: 'tm',
    steam_account: 1,
    toy: null,
    market_hash_name: `AK-47 | Redline (Field-Tested) #${id}`,
    classid_instanceid: '310776560_188530139',
    asset_id: String(1000 + id),
    market_item_id: String(5000 + id),
    price: '812.40',
    currency: 'RUB',
    position: 2,
    status: 'on_sale',
    listed_at: '2026-11-21T10:00:00Z',
    sold_at: null,
    updated_at: '2026-11-21T10:00:00Z',
    ...overrides,
  };
}
