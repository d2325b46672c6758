import { useQuery } from '@tanstack/react-query';
import type { BotServiceMarket, ListingBand, MarketCode } from '@toydesk/contract';

import { api } from './api-client';
import { botApi } from './bot-api';
import type { ListingAccount } from './manual-listing';
import { ALL_ROWS, unwrap } from './query';

/** Toys per market-toys read (the ids travel in the query string). */
const TOYS_PER_READ = 200;

/** The price database of the bots (imported public lists) per market, where one exists. */
const PRICE_DATABASE: Partial<Record<MarketCode, BotServiceMarket>> = {
  tm: 'tm',
  cs7: 'cs7',
  cs7_proxy: 'cs7_proxy',
  dmarket: 'dmarket',
};

export interface ListingMarketData {
  accounts: ListingAccount[];
  /** The toys' bands on the market, by toy. */
  bands: Map<number, ListingBand>;
  /** The market's current price (its cheapest offer) by name, in `pricesCurrency`; empty without a database. */
  prices: Map<string, string>;
  pricesCurrency: string | null;
  hasPriceDatabase: boolean;
}

async function loadListingMarketData(
  market: MarketCode,
  owners: readonly number[],
  toys: readonly number[],
  names: readonly string[],
  signal: AbortSignal,
): Promise<ListingMarketData> {
  const accounts = unwrap(
    await api.call('market-accounts.list', { query: { market, page_size: ALL_ROWS } }, { signal }),
  ).results.map((row): ListingAccount => ({
    id: row.id,
    steamAccount: row.steam_account,
    currency: row.currency,
    dryRun: row.dry_run,
    label: row.label,
    maxPricePercent: null,
  }));
  // The price guard of the accounts that list (the job refuses a price above it the same way).
  await Promise.all(
    accounts
      .filter((account) => owners.includes(account.steamAccount))
      .map(async (account) => {
        const guard = await botApi.call(
          'bot-spend.guard',
          { params: { id: account.id } },
          { signal, hideNotification: true },
        );
        if (guard.success && guard.data) account.maxPricePercent = guard.data.max_price_percent;
      }),
  );
  const bands = new Map<number, ListingBand>();
  for (let start = 0; start < toys.length; start += TOYS_PER_READ) {
    const chunk = toys.slice(start, start + TOYS_PER_READ);
    const read = unwrap(
      await api.call(
        'market-toys.list',
        { query: { toy: chunk, market: [market], page_size: ALL_ROWS } },
        { signal },
      ),
    );
    for (const row of read.results) {
      bands.set(row.toy, { priceBuy: row.price_buy, priceSell: row.price_sell });
    }
  }
  const database = PRICE_DATABASE[market];
  const prices = new Map<string, string>();
  let pricesCurrency: string | null = null;
  if (database && names.length > 0) {
    const answer = await botApi.call(
      'bot-market-database.get_prices',
      { params: { market: database }, body: { marketHashNames: [...names] } },
      { signal, hideNotification: true },
    );
    if (answer.success && answer.data) {
      pricesCurrency = answer.data.currency;
      for (const row of answer.data.results)
        if (row.price !== null) prices.set(row.market_hash_name, row.price);
    }
  }
  return { accounts, bands, prices, pricesCurrency, hasPriceDatabase: database !== undefined };
}

/** The accounts, bands and prices of one market for the chosen items (read again when the market changes). */
export function useListingMarketData(
  market: MarketCode,
  owners: readonly number[],
  toys: readonly number[],
  names: readonly string[],
) {
  return useQuery({
    queryKey: ['manual-listing', market, [...owners].sort(), [...toys].sort(), [...names].sort()] as const,
    queryFn: ({ signal }) => loadListingMarketData(market, owners, toys, names, signal),
    staleTime: 30_000,
  });
}
