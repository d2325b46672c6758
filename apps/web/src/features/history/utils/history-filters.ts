/** The history toolbar's filters; '' means any. Dates are whole days (YYYY-MM-DD), in UTC like the stats. */
export interface HistoryFilters {
  search: string;
  sides: string[];
  market: string;
  steamAccount: string;
  marketAccount: string;
  priceFrom: string;
  priceTo: string;
  dateFrom: string;
  dateTo: string;
  statuses: string[];
  currency: string;
  /** Only rows not linked to a toy yet (the ones connect-items would link). */
  unlinked: boolean;
}

export const EMPTY_HISTORY_FILTERS: HistoryFilters = {
  search: '',
  sides: [],
  market: '',
  steamAccount: '',
  marketAccount: '',
  priceFrom: '',
  priceTo: '',
  dateFrom: '',
  dateTo: '',
  statuses: [],
  currency: '',
  unlinked: false,
};

export type HistoryQuery = Record<string, string | string[]>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day after a YYYY-MM-DD day, so "to" includes the whole of its day. */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The filters as the history list's query (DRF lookups). Day bounds are UTC midnights with date__gte and
 * date__lt, which the stats endpoint can answer from its day summary.
 */
export function historyFiltersToQuery(filters: HistoryFilters): HistoryQuery {
  const query: HistoryQuery = {};
  const search = filters.search.trim();
  if (search) query.search = search;
  if (filters.sides.length) query.side = filters.sides;
  if (filters.market) query.market = filters.market;
  if (filters.steamAccount) query.steam_account = filters.steamAccount;
  if (filters.marketAccount) query.market_account = filters.marketAccount;
  if (filters.priceFrom.trim()) query.price__gte = filters.priceFrom.trim();
  if (filters.priceTo.trim()) query.price__lte = filters.priceTo.trim();
  if (DAY.test(filters.dateFrom)) query.date__gte = `${filters.dateFrom}T00:00:00Z`;
  if (DAY.test(filters.dateTo)) query.date__lt = `${nextDay(filters.dateTo)}T00:00:00Z`;
  if (filters.statuses.length) query.record_status = filters.statuses;
  if (filters.currency) query.currency = filters.currency;
  if (filters.unlinked) query.toy__isnull = 'true';
  return query;
}
