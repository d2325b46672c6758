import type { Toy } from '@toydesk/contract';

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

export const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
