import type { MarketAccountRow } from '../api/get-market-accounts';

/** A row of the extended market account list for tests, with overrides. */
export function marketAccountRow(id: number, overrides: Partial<MarketAccountRow> = {}): MarketAccountRow {
  return {
    id,
    market: 'tm',
    steam_account: 1,
    label: `Market CSGO trade_bot_${String(id).padStart(2, '0')}`,
    api_key: '••••3f9a',
    pay_password: null,
    currency: 'RUB',
    balance: '1500.00',
    online: true,
    last_online_at: '2026-11-22T01:00:00Z',
    proxy: null,
    tags: [],
    status: 'active',
    keep_online: false,
    auto_deliver: false,
    auto_sell: false,
    dynamic_orders: false,
    dry_run: true,
    notes: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    market_name: 'Market CSGO',
    steam_account_name: `trade_bot_${String(id).padStart(2, '0')}`,
    steam_account_status: 'active',
    tag_objects: [],
    balance_rub: '1500.00',
    proxy_label: null,
    ...overrides,
  };
}
