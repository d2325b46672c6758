import { useQuery } from '@tanstack/react-query';
import { fromMarketUnits, isConvertibleCurrency, type MarketCode } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { marketCall } from '@/lib/market-api';
import { ALL_ROWS, unwrap } from '@/lib/query';

/** The markets whose API answers every offer of a name (search-list-items-by-hash-name-all): the tm family. */
const SEARCH_MARKETS = new Set<string>(['tm', 'tm_usd', 'cs7', 'cs7_proxy']);
/** Names per search call (tm takes at most 50). */
const SEARCH_BATCH = 50;

export interface CompetitorLot {
  marketAccount: number;
  market: string;
  marketHashName: string;
  /** Our listing: left out of the competitors. */
  marketItemId: string | null;
}

interface SearchAnswer {
  success?: boolean;
  currency?: string;
  data?: Record<string, { id: unknown; price: unknown }[] | undefined>;
  error?: string;
}

/** `${marketAccount}:${marketHashName}` */
export const competitorKey = (marketAccount: number, name: string) => `${marketAccount}:${name}`;

/** Every listing of ours on sale under these names (any account): none of them is a competitor. */
async function ourListings(names: readonly string[]): Promise<Set<string>> {
  const ours = new Set<string>();
  for (let start = 0; start < names.length; start += SEARCH_BATCH) {
    const result = await api.call('sell-items.list', {
      query: {
        market_hash_name: names.slice(start, start + SEARCH_BATCH),
        status: 'on_sale',
        page_size: ALL_ROWS,
      },
    });
    for (const row of unwrap(result).results) if (row.market_item_id) ours.add(row.market_item_id);
  }
  return ours;
}

/**
 * The cheapest competing offer of each lot's name, in the account's currency, read through the server's
 * marketplace proxy with the account's key (tm family: search-list-items-by-hash-name-all, as the
 * list-reprice loop reads it). Our own listings (the lots, and every other listing of ours on sale under
 * those names) are left out. Markets without such a call
 * give no price (undercut then has nothing to go by). Rejects with the first failure's words.
 */
export async function getCompetitorPrices(lots: readonly CompetitorLot[]): Promise<Map<string, string>> {
  const ours = await ourListings([...new Set(lots.map((lot) => lot.marketHashName))]);
  for (const lot of lots) if (lot.marketItemId) ours.add(lot.marketItemId);
  const byAccount = new Map<number, { market: string; names: Set<string> }>();
  for (const lot of lots) {
    if (!SEARCH_MARKETS.has(lot.market)) continue;
    const entry = byAccount.get(lot.marketAccount) ?? { market: lot.market, names: new Set<string>() };
    entry.names.add(lot.marketHashName);
    byAccount.set(lot.marketAccount, entry);
  }
  const out = new Map<string, string>();
  for (const [account, { market, names }] of byAccount) {
    const list = [...names];
    for (let start = 0; start < list.length; start += SEARCH_BATCH) {
      const batch = list.slice(start, start + SEARCH_BATCH);
      const result = await marketCall<SearchAnswer>({
        market: market as MarketCode,
        accountId: account,
        path: 'api/v2/search-list-items-by-hash-name-all',
        query: { 'list_hash_name[]': batch },
        options: { hideNotification: true },
      });
      const answer = result.success ? result.data : null;
      if (!answer || answer.success === false) {
        throw new Error(answer?.error ?? result.error ?? `HTTP ${result.status}`);
      }
      const currency = isConvertibleCurrency(answer.currency) ? answer.currency : 'RUB';
      for (const name of batch) {
        let lowest: number | null = null;
        for (const offer of answer.data?.[name] ?? []) {
          // 64-bit listing ids compared as text, never as JS numbers.
          if (ours.has(String(offer.id))) continue;
          const units = Number(offer.price);
          if (!Number.isSafeInteger(units) || units <= 0) continue;
          if (lowest === null || units < lowest) lowest = units;
        }
        if (lowest !== null) out.set(competitorKey(account, name), fromMarketUnits(lowest, currency));
      }
    }
  }
  return out;
}

/** Read only while `enabled` (the undercut mode is chosen). */
export function useCompetitorPrices(lots: readonly CompetitorLot[], enabled: boolean) {
  return useQuery({
    queryKey: [
      'sell-items',
      'competitors',
      lots.map((lot) => competitorKey(lot.marketAccount, lot.marketHashName)).sort(),
    ] as const,
    queryFn: () => getCompetitorPrices(lots),
    enabled,
    retry: false,
    staleTime: 30_000,
  });
}
