import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BotTradingStatus } from '@toydesk/contract';

import { botApi } from '@/lib/bot-api';
import type { LiveMeta } from '@/lib/live-updates';
import { unwrap } from '@/lib/query';

export const tradingStatusQueryKey = ['market-accounts', 'trading'] as const;

/** How often the loop states are read again while the screen is open. */
export const TRADING_POLL_MS = 15_000;

/**
 * Every loop of every market account from the bot services (GET /api-node/trading/). Read quietly: when
 * the bot service is down the list still works, the loop column says so.
 */
export async function getTradingStatus(signal?: AbortSignal): Promise<BotTradingStatus[]> {
  const result = await botApi.call('bot-trading.list', {}, { signal, hideNotification: true, retry: 0 });
  return unwrap(result).results;
}

export function getTradingStatusQueryOptions() {
  return queryOptions({
    queryKey: tradingStatusQueryKey,
    queryFn: ({ signal }) => getTradingStatus(signal),
    // A loop's status (on, off, stopped, failed, its error) comes with the live stream; each tick's times
    // and summary are not streamed (every tick would wake every tab), so the slow poll stays.
    meta: { live: ['trading'] } satisfies LiveMeta,
    refetchInterval: TRADING_POLL_MS,
  });
}

export function useTradingStatus() {
  return useQuery(getTradingStatusQueryOptions());
}

/** The loops by market account id. */
export function loopsByAccount(rows: readonly BotTradingStatus[]): Map<number, BotTradingStatus[]> {
  const out = new Map<number, BotTradingStatus[]>();
  for (const row of rows) {
    const list = out.get(row.market_account) ?? [];
    list.push(row);
    out.set(row.market_account, list);
  }
  return out;
}
