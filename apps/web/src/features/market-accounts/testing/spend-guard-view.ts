import type { SpendGuardView } from '@toydesk/contract';

/** An account's spend guard for tests: a 1,000 RUB daily cap, 250 spent today, prices up to 130 %. */
export function spendGuardView(overrides: Partial<SpendGuardView> = {}): SpendGuardView {
  return {
    market_account: 7,
    daily_cap: '1000.000',
    currency: 'RUB',
    max_price_percent: 130,
    spent_today: '250.000',
    unknown_today: 0,
    updated_at: '2026-11-25T10:00:00Z',
    ...overrides,
  };
}
