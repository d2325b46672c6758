import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BotServiceMarket } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { botApi, type BotResponse } from '@/lib/bot-api';
import { ALL_ROWS, unwrap } from '@/lib/query';

/**
 * The market database of the bot services (spec section 7, "Market database per {market}"): what the
 * imported price lists hold, their prices per name, and the order distribution over market accounts.
 */

export type DatabaseStats = BotResponse<'bot-market-database.orders_stats'>;
export type DatabasePrices = BotResponse<'bot-market-database.get_prices'>;

export const marketDatabaseKey = ['market-database'] as const;
export const statsQueryKey = (market: BotServiceMarket) => [...marketDatabaseKey, 'stats', market] as const;

export function statsQueryOptions(market: BotServiceMarket) {
  return queryOptions({
    queryKey: statsQueryKey(market),
    queryFn: async ({ signal }) =>
      unwrap(await botApi.call('bot-market-database.orders_stats', { params: { market } }, { signal })),
  });
}

export function useDatabaseStats(market: BotServiceMarket) {
  return useQuery(statsQueryOptions(market));
}

/** How many of our toys' names the first screen looks up (the call takes up to 5000). */
export const TOY_NAMES_LIMIT = 500;

/**
 * Our market toys' names (the first TOY_NAMES_LIMIT in name order): what the first screen looks up when the
 * operator has typed none. The route answers every name at once, more than get-prices takes.
 */
export function useToyNames() {
  return useQuery({
    queryKey: [...marketDatabaseKey, 'toy-names'],
    queryFn: async ({ signal }) =>
      unwrap(await api.call('market-toys.only_market_hash_name', {}, { signal })).results.slice(
        0,
        TOY_NAMES_LIMIT,
      ),
    staleTime: 5 * 60_000,
  });
}

export function usePrices(market: BotServiceMarket, names: readonly string[]) {
  return useQuery({
    queryKey: [...marketDatabaseKey, 'prices', market, names],
    queryFn: async ({ signal }) =>
      unwrap(
        await botApi.call(
          'bot-market-database.get_prices',
          { params: { market }, body: { marketHashNames: [...names] } },
          { signal },
        ),
      ),
    enabled: names.length > 0,
  });
}

/** Forgets which account places the order of which name (a GET that writes: only after a confirmation). */
export async function resetDistribution(market: BotServiceMarket): Promise<number> {
  return unwrap(await botApi.call('bot-market-database.orders_reset_distribution', { params: { market } }))
    .removed;
}

export interface DatabaseAccount {
  id: number;
  market: string;
  label: string;
}

/** Market accounts, for the items read of one account. */
export function useMarketAccountOptions() {
  return useQuery({
    queryKey: [...marketDatabaseKey, 'accounts'],
    queryFn: async ({ signal }) =>
      unwrap(
        await api.call(
          'market-accounts.list',
          { query: { page_size: ALL_ROWS, ordering: 'id' } },
          { signal },
        ),
      ).results.map((row): DatabaseAccount => ({ id: row.id, market: row.market, label: row.label })),
    staleTime: 5 * 60_000,
  });
}
