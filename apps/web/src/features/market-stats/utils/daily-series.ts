/** One day of a chart: prices as numbers (for drawing only) and how many trades or items. */
export interface DailyPoint {
  date: string;
  avg: number | null;
  min: number | null;
  max: number | null;
  volume: number;
  /** The price point's id and status (collected points only). */
  id?: number;
  status?: string;
}

interface StatsRow {
  date: string;
  side: string;
  count: number;
  avg_price: string;
  min_price: string;
  max_price: string;
}

interface PointRow {
  id: number;
  date: string;
  avg_price: string;
  min_price: string;
  max_price: string;
  volume: number;
  point_status: string;
}

const num = (value: string | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/** The stats-by-date rows of one side as one point per day, in date order. */
export function sideSeries(rows: readonly StatsRow[], side: string): DailyPoint[] {
  return rows
    .filter((row) => row.side === side)
    .map((row) => ({
      date: row.date,
      avg: num(row.avg_price),
      min: num(row.min_price),
      max: num(row.max_price),
      volume: row.count,
    }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** Collected price points (history stats) of one item and market, in date order, with id and status. */
export function pointSeries(rows: readonly PointRow[]): DailyPoint[] {
  return rows
    .map((row) => ({
      date: row.date,
      avg: num(row.avg_price),
      min: num(row.min_price),
      max: num(row.max_price),
      volume: row.volume,
      id: row.id,
      status: row.point_status,
    }))
    .sort((a, b) => a.date.localeCompare(b.date));
}
