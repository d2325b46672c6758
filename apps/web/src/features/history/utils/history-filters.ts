import type { UrlFilterCodec } from '@/lib/use-url-filters';

/**
 * The history toolbar's filters; '' means any. Dates are whole days (YYYY-MM-DD) of the operator's own
 * calendar: a day runs from the browser's local midnight to the next one.
 */
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
 * The instant a local day starts, as ISO (UTC) text: 2026-11-20 in Moscow is 2026-11-19T21:00:00.000Z.
 * The Date constructor takes the browser's time zone, summer time included (a 23- or 25-hour day).
 */
export function localDayStart(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1).toISOString();
}

/**
 * The filters as the history list's query (DRF lookups). A chosen day is the operator's local day
 * (issue 12: it used to be the UTC day, hours off for anyone east or west of Greenwich): date__gte its
 * local midnight, date__lt the next day's. Where local midnight is UTC midnight the stats endpoint still
 * answers from its day summary; elsewhere it counts the rows themselves.
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
  if (DAY.test(filters.dateFrom)) query.date__gte = localDayStart(filters.dateFrom);
  if (DAY.test(filters.dateTo)) query.date__lt = localDayStart(nextDay(filters.dateTo));
  if (filters.statuses.length) query.record_status = filters.statuses;
  if (filters.currency) query.currency = filters.currency;
  if (filters.unlinked) query.toy__isnull = 'true';
  return query;
}

/** The URL query key of each filter (lists repeat their key: side=buy&side=sell). */
const URL_KEYS = {
  search: 'search',
  sides: 'side',
  market: 'market',
  steamAccount: 'steam_account',
  marketAccount: 'market_account',
  priceFrom: 'price_from',
  priceTo: 'price_to',
  dateFrom: 'date_from',
  dateTo: 'date_to',
  statuses: 'status',
  currency: 'currency',
  unlinked: 'unlinked',
} as const satisfies Record<keyof HistoryFilters, string>;

/**
 * The filters a history URL holds (a shared link, a reload, Back): anything missing or malformed is "any",
 * so a hand-edited link never breaks the screen.
 */
export function historyFiltersFromSearch(params: URLSearchParams): HistoryFilters {
  const text = (key: string) => params.get(key) ?? '';
  const day = (key: string) => (DAY.test(text(key)) ? text(key) : '');
  return {
    search: text(URL_KEYS.search),
    sides: params.getAll(URL_KEYS.sides).filter(Boolean),
    market: text(URL_KEYS.market),
    steamAccount: text(URL_KEYS.steamAccount),
    marketAccount: text(URL_KEYS.marketAccount),
    priceFrom: text(URL_KEYS.priceFrom),
    priceTo: text(URL_KEYS.priceTo),
    dateFrom: day(URL_KEYS.dateFrom),
    dateTo: day(URL_KEYS.dateTo),
    statuses: params.getAll(URL_KEYS.statuses).filter(Boolean),
    currency: text(URL_KEYS.currency),
    unlinked: ['1', 'true'].includes(text(URL_KEYS.unlinked)),
  };
}

/** The URL query with the filters written over `current`: set ones only, other keys left as they were. */
export function historyFiltersToSearch(
  filters: HistoryFilters,
  current = new URLSearchParams(),
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of Object.values(URL_KEYS)) next.delete(key);
  for (const [name, key] of Object.entries(URL_KEYS) as [keyof HistoryFilters, string][]) {
    const value = filters[name];
    if (Array.isArray(value)) for (const item of value) next.append(key, item);
    else if (value === true) next.set(key, '1');
    else if (typeof value === 'string' && value !== '') next.set(key, value);
  }
  return next;
}

export const HISTORY_FILTERS_IN_URL: UrlFilterCodec<HistoryFilters> = {
  fromSearch: historyFiltersFromSearch,
  toSearch: historyFiltersToSearch,
};
