/**
 * Per-key sliding-window limiter on REAL time (the simulated clock may jump; client limiters do not).
 * Every arrival counts, answered or refused, as a server-side counter would.
 */
export class RateLimiter {
  private readonly arrivals = new Map<string, number[]>();

  constructor(private readonly realNow: () => number = () => performance.now()) {}

  /** Records an arrival; false when it makes more than `max` arrivals within `windowMs`. */
  hit(key: string, max: number, windowMs: number): boolean {
    const now = this.realNow();
    const list = (this.arrivals.get(key) ?? []).filter((at) => now - at < windowMs);
    list.push(now);
    this.arrivals.set(key, list);
    return list.length <= max;
  }

  reset(): void {
    this.arrivals.clear();
  }
}
