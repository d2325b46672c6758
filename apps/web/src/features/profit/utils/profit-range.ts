import type { ApiQuery } from '@toydesk/contract';

/** The quick choices of the period; `custom` is any pair of days the operator typed. */
export const RANGE_PRESETS = ['yesterday', 'days7', 'days30', 'month'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export interface DayRange {
  /** yyyy-mm-dd, a UTC day: the server counts a day as the whole UTC day. */
  from: string;
  to: string;
}

/** The screen's filters: the period, and what the deals touch (either side of a deal). */
export interface ProfitFilters {
  dateFrom: string;
  dateTo: string;
  market: string;
  steamAccount: string;
  marketAccount: string;
  /** An exact market_hash_name; '' for every item. */
  item: string;
}

export type ReportCurrency = 'RUB' | 'USD';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayStart = (now: Date) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

/** The days of a quick choice, as of `now` (UTC days, like the server's). */
export function presetRange(preset: RangePreset, now: Date): DayRange {
  const today = dayStart(now);
  switch (preset) {
    case 'yesterday':
      return { from: isoDay(today - DAY_MS), to: isoDay(today - DAY_MS) };
    case 'days7':
      return { from: isoDay(today - 6 * DAY_MS), to: isoDay(today) };
    case 'days30':
      return { from: isoDay(today - 29 * DAY_MS), to: isoDay(today) };
    case 'month':
      return { from: isoDay(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)), to: isoDay(today) };
  }
}

/** Which quick choice a range is, if any (the chip shown as chosen). */
export function matchingPreset(range: DayRange, now: Date): RangePreset | null {
  return (
    RANGE_PRESETS.find((preset) => {
      const candidate = presetRange(preset, now);
      return candidate.from === range.from && candidate.to === range.to;
    }) ?? null
  );
}

/** The first filters of the screen: this month, everything. */
export function defaultProfitFilters(now: Date): ProfitFilters {
  const month = presetRange('month', now);
  return {
    dateFrom: month.from,
    dateTo: month.to,
    market: '',
    steamAccount: '',
    marketAccount: '',
    item: '',
  };
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
// A real calendar day: Date.parse rolls 30 February over to March, so the day must come back unchanged.
const validDay = (day: string) => {
  if (!DAY_PATTERN.test(day)) return false;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(ms) && isoDay(ms) === day;
};
const positiveId = (text: string) => (/^[1-9]\d{0,9}$/.test(text.trim()) ? text.trim() : undefined);

// Types, not interfaces: a query is a Record of strings, which an interface does not satisfy.
type SideFilters = {
  market?: string;
  steam_account?: string;
  market_account?: string;
  market_hash_name?: string;
};

/** The summaries' query (GET /api/profit/totals/ and the others), as the screen builds it. */
export type SummaryQuery = SideFilters & { currency: ReportCurrency; date_from?: string; date_to?: string };

/** What every deal filter shares: markets, accounts and the item, on either side of a deal. */
function sideFilters(filters: ProfitFilters) {
  const query: SideFilters = {};
  if (filters.market) query.market = filters.market;
  const steam = positiveId(filters.steamAccount);
  if (steam) query.steam_account = steam;
  const account = positiveId(filters.marketAccount);
  if (account) query.market_account = account;
  if (filters.item.trim()) query.market_hash_name = filters.item.trim();
  return query;
}

/**
 * The query of the summaries (totals, by day, by market, by item). A half-typed or reversed date is left
 * out rather than sent (the server would answer 400); an empty end means no bound on that side.
 */
export function summaryQuery(filters: ProfitFilters, currency: ReportCurrency): SummaryQuery {
  const query: SummaryQuery = { currency, ...sideFilters(filters) };
  const from = validDay(filters.dateFrom) ? filters.dateFrom : undefined;
  const to = validDay(filters.dateTo) ? filters.dateTo : undefined;
  if (from && to && from > to) return query;
  if (from) query.date_from = from;
  if (to) query.date_to = to;
  return query;
}

/** The day after a yyyy-mm-dd day. */
export function nextDay(day: string): string {
  return isoDay(Date.parse(`${day}T00:00:00Z`) + DAY_MS);
}

/**
 * The deals list of the same period and filters: the units sold (or sold with no purchase) in those days,
 * newest sale first. The list filters by time, so the last day is `< the next day's midnight`.
 */
export function dealsQuery(filters: ProfitFilters): ApiQuery<'profit-deals.list'> {
  const summary = summaryQuery(filters, 'RUB');
  const query: ApiQuery<'profit-deals.list'> = { ...sideFilters(filters), ordering: '-sell_date,-id' };
  if (summary.date_from) query.sell_date__gte = `${summary.date_from}T00:00:00Z`;
  if (summary.date_to) query.sell_date__lt = `${nextDay(summary.date_to)}T00:00:00Z`;
  else query.sell_date__isnull = 'false';
  return query;
}

/** The units held longest: bought and not sold whatever the period, oldest purchase first. */
export function heldQuery(filters: ProfitFilters): ApiQuery<'profit-deals.list'> {
  return { ...sideFilters(filters), status: 'held', ordering: 'buy_date', page_size: 10 };
}
