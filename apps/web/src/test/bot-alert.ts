import type { BotAlert } from '@toydesk/contract';

/** A bot alert as /api-node/alerts/ lists it: an open market ban of market account 7. */
export const botAlert = (id: number, overrides: Partial<BotAlert> = {}): BotAlert => ({
  id,
  kind: 'market-ban',
  severity: 'error',
  message: `alert ${id}`,
  market_account: 7,
  steam_account: null,
  proxy: null,
  details: {},
  count: 1,
  first_at: '2026-01-01T00:00:00Z',
  last_at: '2026-01-01T00:00:00Z',
  acknowledged_at: null,
  ...overrides,
});
