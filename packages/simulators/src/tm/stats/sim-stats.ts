/**
 * What a test wants to assert about a client's behaviour, per API key: how many calls of each method, how
 * many went over the rate limit, how many buys and money transfers per custom_id (a custom_id called twice
 * is a retry: fine, as long as the purchase happened once), how many orders were set.
 */
export interface PerCustomId {
  calls: number;
  /** How many of those calls moved money (a purchase or a transfer): at most 1 when idempotency holds. */
  effects: number;
}

export interface KeyStats {
  requests: number;
  /** The most requests of this key that arrived within one second of real time (epoch seconds). */
  maxPerSecond: number;
  byMethod: Record<string, number>;
  badKey: number;
  rateLimitViolations: number;
  faultsInjected: number;
  buys: {
    calls: number;
    purchases: number;
    withoutCustomId: number;
    byCustomId: Record<string, PerCustomId>;
  };
  moneySends: {
    calls: number;
    sent: number;
    withoutCustomId: number;
    byCustomId: Record<string, PerCustomId>;
  };
  ordersSet: { calls: number; byHashName: Record<string, number> };
}

/**
 * A key's arrivals per second of real time, as tm's own counter sees them (every arrival counts, answered
 * or refused): `secondsOverLimit` is how many seconds held more than `limit` (tm deletes such a key).
 */
export interface KeyRateBySecond {
  limit: number;
  /** Seconds with at least one request. */
  seconds: number;
  maxPerSecond: number;
  secondsOverLimit: number;
  /** Those seconds (ISO time of the second's start) with their counts, at most the first 100. */
  overLimit: { second: string; requests: number }[];
}

export interface StatsSnapshot {
  totalRequests: number;
  rateLimitViolations: number;
  faultsInjected: number;
  badKey: number;
  /** Purchases made by more than one call without a shared custom_id cannot be told apart; this counts
   * custom_ids with more than one purchase or transfer (always 0 unless idempotency is broken). */
  duplicateEffects: number;
  keys: Record<string, KeyStats>;
}

function emptyKeyStats(): KeyStats {
  return {
    requests: 0,
    maxPerSecond: 0,
    byMethod: {},
    badKey: 0,
    rateLimitViolations: 0,
    faultsInjected: 0,
    buys: { calls: 0, purchases: 0, withoutCustomId: 0, byCustomId: {} },
    moneySends: { calls: 0, sent: 0, withoutCustomId: 0, byCustomId: {} },
    ordersSet: { calls: 0, byHashName: {} },
  };
}

export class SimStats {
  private keys = new Map<string, KeyStats>();
  private totalRequests = 0;
  /** Per key, requests per epoch second of real time (the simulated clock may jump; tm's counter does not). */
  private readonly perSecond = new Map<string, Map<number, number>>();

  constructor(private readonly realNow: () => number = () => performance.timeOrigin + performance.now()) {}

  private of(key: string): KeyStats {
    let stats = this.keys.get(key);
    if (!stats) {
      stats = emptyKeyStats();
      this.keys.set(key, stats);
    }
    return stats;
  }

  request(key: string | null, method: string): void {
    this.totalRequests++;
    if (!key) return;
    const stats = this.of(key);
    stats.requests++;
    stats.byMethod[method] = (stats.byMethod[method] ?? 0) + 1;
    let seconds = this.perSecond.get(key);
    if (!seconds) {
      seconds = new Map();
      this.perSecond.set(key, seconds);
    }
    const second = Math.floor(this.realNow() / 1000);
    const count = (seconds.get(second) ?? 0) + 1;
    seconds.set(second, count);
    stats.maxPerSecond = Math.max(stats.maxPerSecond, count);
  }

  /** One key's requests per second (see KeyRateBySecond); a key never seen has none. */
  rateBySecond(key: string, limit: number): KeyRateBySecond {
    const seconds = [...(this.perSecond.get(key) ?? new Map<number, number>())].sort(([a], [b]) => a - b);
    const over = seconds.filter(([, count]) => count > limit);
    return {
      limit,
      seconds: seconds.length,
      maxPerSecond: seconds.reduce((max, [, count]) => Math.max(max, count), 0),
      secondsOverLimit: over.length,
      overLimit: over
        .slice(0, 100)
        .map(([second, requests]) => ({ second: new Date(second * 1000).toISOString(), requests })),
    };
  }

  badKey(key: string | null): void {
    this.of(key ?? '').badKey++;
  }

  rateLimitViolation(key: string): void {
    this.of(key).rateLimitViolations++;
  }

  fault(key: string | null): void {
    this.of(key ?? '').faultsInjected++;
  }

  buy(key: string, customId: string | null, purchased: boolean): void {
    const buys = this.of(key).buys;
    buys.calls++;
    if (purchased) buys.purchases++;
    if (!customId) {
      buys.withoutCustomId++;
      return;
    }
    const entry = (buys.byCustomId[customId] ??= { calls: 0, effects: 0 });
    entry.calls++;
    if (purchased) entry.effects++;
  }

  moneySend(key: string, customId: string | null, sent: boolean): void {
    const sends = this.of(key).moneySends;
    sends.calls++;
    if (sent) sends.sent++;
    if (!customId) {
      sends.withoutCustomId++;
      return;
    }
    const entry = (sends.byCustomId[customId] ??= { calls: 0, effects: 0 });
    entry.calls++;
    if (sent) entry.effects++;
  }

  orderSet(key: string, hashName: string): void {
    const orders = this.of(key).ordersSet;
    orders.calls++;
    orders.byHashName[hashName] = (orders.byHashName[hashName] ?? 0) + 1;
  }

  snapshot(): StatsSnapshot {
    const keys = Object.fromEntries([...this.keys].filter(([key]) => key !== ''));
    const all = [...this.keys.values()];
    const sum = (pick: (stats: KeyStats) => number) => all.reduce((total, stats) => total + pick(stats), 0);
    const duplicates = (stats: KeyStats) =>
      [...Object.values(stats.buys.byCustomId), ...Object.values(stats.moneySends.byCustomId)].filter(
        (entry) => entry.effects > 1,
      ).length;
    return {
      totalRequests: this.totalRequests,
      rateLimitViolations: sum((stats) => stats.rateLimitViolations),
      faultsInjected: sum((stats) => stats.faultsInjected),
      badKey: sum((stats) => stats.badKey),
      duplicateEffects: sum(duplicates),
      keys: structuredClone(keys),
    };
  }

  reset(): void {
    this.keys.clear();
    this.perSecond.clear();
    this.totalRequests = 0;
  }
}
