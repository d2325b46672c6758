/** Nearest-rank percentile of unsorted numbers (p in 0..100); NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export const median = (values: readonly number[]) => percentile(values, 50);

export interface LatencySummary {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
}

export function summarize(latenciesMs: readonly number[], elapsedMs: number): LatencySummary {
  return {
    requests: latenciesMs.length,
    perSecond: latenciesMs.length / (elapsedMs / 1000),
    p50: percentile(latenciesMs, 50),
    p95: percentile(latenciesMs, 95),
  };
}
