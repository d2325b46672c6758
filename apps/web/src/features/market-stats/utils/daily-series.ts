/** One day of the chart: trades and average prices per side (numbers only for drawing). */
export interface DailyPoint {
  date: string;
  buyCount: number;
  sellCount: number;
  buyAvg: number | null;
  sellAvg: number | null;
}

interface StatsRow {
  date: string;
  side: string;
  count: number;
  avg_price: string;
}

/** The per-day-and-side rows of stats-by-date as one point per day, in date order. */
export function dailySeries(rows: readonly StatsRow[]): DailyPoint[] {
  const byDate = new Map<string, DailyPoint>();
  for (const row of rows) {
    const point = byDate.get(row.date) ?? {
      date: row.date,
      buyCount: 0,
      sellCount: 0,
      buyAvg: null,
      sellAvg: null,
    };
    const avg = Number(row.avg_price);
    if (row.side === 'buy') {
      point.buyCount += row.count;
      point.buyAvg = Number.isFinite(avg) ? avg : null;
    } else if (row.side === 'sell') {
      point.sellCount += row.count;
      point.sellAvg = Number.isFinite(avg) ? avg : null;
    }
    byDate.set(row.date, point);
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}
