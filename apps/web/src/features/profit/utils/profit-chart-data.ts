import type { ProfitSums } from '@toydesk/contract';

import { nextDay } from './profit-range';

/** One bar of the per-day chart: a day with no sale is a zero, so the gaps show as days. */
export interface DayBar {
  day: string;
  profit: number;
  sales: number;
  deals: number;
}

/** The most days the chart draws one by one (a longer period would make bars thinner than a pixel). */
export const MAX_CHART_DAYS = 400;

/**
 * The per-day series of the chart: every day from `from` to `to` (the server sends only days with sales),
 * amounts as numbers for drawing only; the figures shown as text stay the server's decimals. Without a
 * bound (or over MAX_CHART_DAYS), the days the server sent.
 */
export function dayBars(
  rows: readonly (ProfitSums & { day: string })[],
  from: string | undefined,
  to: string | undefined,
): DayBar[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const bar = (day: string): DayBar => {
    const row = byDay.get(day);
    return row
      ? { day, profit: Number(row.profit), sales: Number(row.sales), deals: row.deals }
      : { day, profit: 0, sales: 0, deals: 0 };
  };
  const days = [...byDay.keys()].sort();
  const start = from ?? days[0];
  const end = to ?? days[days.length - 1];
  if (start === undefined || end === undefined || start > end) return days.map(bar);
  const all: string[] = [];
  for (let day = start; day <= end && all.length <= MAX_CHART_DAYS; day = nextDay(day)) all.push(day);
  if (all.length > MAX_CHART_DAYS) return days.map(bar);
  // Days the server sent outside the bounds (a time zone edge) are kept, in order.
  const extra = days.filter((day) => day < start || day > end);
  return [...extra, ...all].sort().map(bar);
}

/** One market's row of the breakdown, widest profit first; `share` of the largest absolute profit. */
export interface MarketBar {
  market: string | null;
  profit: string;
  sales: string;
  deals: number;
  share: number;
}

export function marketBars(rows: readonly (ProfitSums & { market: string | null })[]): MarketBar[] {
  const max = Math.max(0, ...rows.map((row) => Math.abs(Number(row.profit))));
  return [...rows]
    .sort((a, b) => Number(b.profit) - Number(a.profit))
    .map((row) => ({
      market: row.market,
      profit: row.profit,
      sales: row.sales,
      deals: row.deals,
      share: max === 0 ? 0 : Math.abs(Number(row.profit)) / max,
    }));
}
