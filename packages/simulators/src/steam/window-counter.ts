/** Real-time request windows per key (inventory and price overview limits). */
export class WindowCounter {
  private readonly hits = new Map<string, number[]>();

  /** Counts the hit; false when it goes over `max` within `windowMs`. */
  hit(key: string, max: number, windowMs: number): boolean {
    const now = Date.now();
    const list = (this.hits.get(key) ?? []).filter((at) => at > now - windowMs);
    list.push(now);
    this.hits.set(key, list);
    return list.length <= max;
  }

  reset(): void {
    this.hits.clear();
  }
}
