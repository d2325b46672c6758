import type { Market, Tag } from '@toydesk/contract';

import type { CommonData, CommonSteamAccount } from '@/lib/common-data';

export const market = (
  code: Market['code'],
  name: string,
  usd = '92.500000',
  eur = '100.200000',
): Market => ({
  id: 1,
  name,
  code,
  usd_to_rub_rate: usd,
  eur_to_rub_rate: eur,
  is_active: true,
  rates_set_at: '2026-01-01T00:00:00Z',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

export const tag = (id: number, name: string, color = '#2e7d32'): Tag => ({
  id,
  name,
  color,
  scope: 'shared',
  target: null,
  description: null,
  created_at: '2026-01-01T00:00:00Z',
});

export const commonData = (overrides: Partial<CommonData> = {}): CommonData => ({
  markets: [market('tm', 'Market CSGO'), market('steam', 'Steam')],
  steamAccounts: [{ id: 1, steam_account_name: 'trade_bot_01', market_accounts: [] }],
  tags: [tag(11, 'Main'), tag(12, 'Farm', '#455a64')],
  botToken: 'bot-token',
  demo: true,
  operator: { id: 1, username: 'admin' },
  ...overrides,
});

/** The common data whose one Steam account, trade_bot_01 (id 1), holds these market accounts. */
export const commonWithTradeBot = (marketAccounts: CommonSteamAccount['market_accounts']) =>
  commonData({
    steamAccounts: [{ id: 1, steam_account_name: 'trade_bot_01', market_accounts: marketAccounts }],
  });

/** One page of a list route holding every row: what the API answers a list that fits one page. */
export const listPage = <T>(results: readonly T[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

/** A fetch Response with a JSON body. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText: STATUS_TEXT[status] ?? '',
    headers: { 'content-type': 'application/json', ...headers },
  });
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  418: "I'm a teapot",
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};
