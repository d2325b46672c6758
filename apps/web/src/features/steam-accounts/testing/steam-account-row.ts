import type { SteamAccountRow } from '../api/get-steam-accounts';

/** A row of the extended Steam account list for tests, with overrides. */
export function steamAccountRow(id: number, overrides: Partial<SteamAccountRow> = {}): SteamAccountRow {
  return {
    id,
    steam_account_name: `trade_bot_${String(id).padStart(2, '0')}`,
    login: `login${id}`,
    password: '••••••••',
    shared_secret: null,
    identity_secret: null,
    revocation_code: null,
    email_password: null,
    steam_id: null,
    email: null,
    phone: null,
    proxy: null,
    server_group: null,
    tags: [],
    trade_url: null,
    status: 'active',
    balance: '0.00',
    balance_currency: 'RUB',
    notes: null,
    market_accounts: [],
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    market_accounts_extended: [],
    tag_objects: [],
    total_balance_rub: '0.00',
    checklist_done: 0,
    checklist_total: 10,
    proxy_label: null,
    server_group_name: null,
    inventory_count: 0,
    on_sale_count: 0,
    ...overrides,
  };
}
