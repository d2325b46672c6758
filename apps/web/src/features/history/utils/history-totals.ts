import { RECORD_STATUSES, subtractMoney, sumMoney } from '@toydesk/contract';

import { marketCurrency } from '@/lib/market-currency';

import type { HistoryQuery } from './history-filters';

export interface StatsByDateRow {
  date: string;
  side: string;
  count: number;
  total: string;
}

export interface HistoryTotals {
  count: number;
  buyCount: number;
  sellCount: number;
  bought: string;
  sold: string;
  /** Sold minus bought. */
  profit: string;
}

/** The per-day rows of stats-by-date summed over the whole period (exact decimal sums). */
export function sumTotals(rows: readonly StatsByDateRow[]): HistoryTotals {
  const buys = rows.filter((row) => row.side === 'buy');
  const sells = rows.filter((row) => row.side === 'sell');
  const bought = sumMoney(buys.map((row) => row.total));
  const sold = sumMoney(sells.map((row) => row.total));
  return {
    count: rows.reduce((n, row) => n + row.count, 0),
    buyCount: buys.reduce((n, row) => n + row.count, 0),
    sellCount: sells.reduce((n, row) => n + row.count, 0),
    bought,
    sold,
    profit: subtractMoney(sold, bought),
  };
}

/**
 * The stats query for the list's filters. The stats count only normal rows unless told otherwise, while the
 * list shows every status, so with no status filter every status is asked for; one currency at a time: the
 * chosen one, else the chosen market's (Market CSGO USD's deals are in $, and in RUB they summed to 0),
 * else RUB.
 */
export function totalsQuery(query: HistoryQuery): HistoryQuery {
  const market = typeof query.market === 'string' ? query.market : null;
  return {
    ...query,
    record_status: query.record_status ?? [...RECORD_STATUSES],
    currency: query.currency ?? (market ? marketCurrency(market) : 'RUB'),
  };
}
