import type { Transaction } from '@toydesk/contract';

/** A ledger entry as /api/steam/transactions/ answers it, with overrides. */
export function transactionRow(id: number, overrides: Partial<Transaction> = {}): Transaction {
  return {
    id,
    kind: 'input',
    payment_method: 'card',
    amount: '15000.00',
    currency: 'RUB',
    from_steam_account: null,
    to_steam_account: null,
    from_market_account: null,
    to_market_account: null,
    from_market: null,
    to_market: 'tm',
    comment: `Пополнение ${id}`,
    date: '2026-11-20T12:00:00Z',
    created_by: 'admin',
    created_at: '2026-11-20T12:00:00Z',
    ...overrides,
  };
}
