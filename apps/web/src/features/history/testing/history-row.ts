/** A row of /api/toy/history/history-extended/. */
export function historyRow(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    toy: null,
    market_hash_name: `AWP | Asiimov (Field-Tested) #${id}`,
    classid_instanceid: null,
    side: 'buy',
    price: '1000.00',
    currency: 'RUB',
    market: 'tm',
    market_account: 7,
    steam_account: 1,
    date: '2026-11-20T10:00:00Z',
    record_status: 'normal',
    market_item_id: `deal-${id}`,
    trade_id: null,
    offer_id: null,
    asset_id: null,
    comment: null,
    created_at: '2026-11-20T10:00:00Z',
    ru_name: null,
    icon_url: null,
    toy_label: null,
    steam_account_name: 'trade_bot_01',
    market_account_label: 'Market CSGO trade_bot_01',
    ...overrides,
  };
}
