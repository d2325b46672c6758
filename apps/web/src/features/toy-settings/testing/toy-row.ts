import type { MarketToy, Toy } from '@toydesk/contract';

/** A toy as GET /api/toy/toys/ answers it. */
export function toyRow(id: number, overrides: Partial<Toy> = {}): Toy {
  return {
    id,
    market_hash_name: `AK-47 | Redline (Field-Tested) #${id}`,
    classid: null,
    instance: null,
    classid_instanceid: null,
    icon_url: null,
    icon_url_large: null,
    ru_name: `АК-47 | Красная линия ${id}`,
    label: 'normal',
    rarity: 'Classified',
    weapon: 'AK-47',
    group: null,
    tags: [],
    ignore_price: false,
    record_status: 'normal',
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

/** A market toy as GET /api/market/toys/ answers it. */
export function marketToyRow(id: number, overrides: Partial<MarketToy> = {}): MarketToy {
  return {
    id,
    toy: 100 + id,
    market: 'tm',
    market_hash_name: `AWP | Asiimov (Field-Tested) #${id}`,
    price_buy: '900.00',
    price_sell: '950.00',
    min_price_buy: null,
    max_price_buy: null,
    enable_dynamic_order: false,
    scope: 'shared',
    tags: [],
    record_status: 'normal',
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}
