import { countRef, duplicateRefs, PerSubjectStats, type PerRef } from '../../stats/per-subject-stats.ts';

/**
 * What a test wants to assert about a client's behaviour, per API key: how many calls of each method, how
 * many went over the rate limit, how many buys and money transfers per custom_id (a custom_id called twice
 * is a retry: fine, as long as the purchase happened once), how many orders were set.
 */
/** The calls of one custom_id: how many, and how many moved money (a purchase or a transfer). */
export type PerCustomId = PerRef;

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

/** One buy or money transfer: counted under its custom_id, or as one made without. */
function countCall(
  calls: { calls: number; withoutCustomId: number; byCustomId: Record<string, PerCustomId> },
  customId: string | null,
  effect: boolean,
): void {
  calls.calls++;
  if (customId) countRef(calls.byCustomId, customId, effect);
  else calls.withoutCustomId++;
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

export class SimStats extends PerSubjectStats<KeyStats> {
  /** Per key, requests per epoch second of real time (the simulated clock may jump; tm's counter does not). */
  private readonly perSecond = new Map<string, Map<number, number>>();

  constructor(private readonly realNow: () => number = () => performance.timeOrigin + performance.now()) {
    super(emptyKeyStats);
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
    this.of(key).badKey++;
  }

  rateLimitViolation(key: string): void {
    this.of(key).rateLimitViolations++;
  }

  fault(key: string | null): void {
    this.of(key).faultsInjected++;
  }

  buy(key: string, customId: string | null, purchased: boolean): void {
    const buys = this.of(key).buys;
    if (purchased) buys.purchases++;
    countCall(buys, customId, purchased);
  }

  moneySend(key: string, customId: string | null, sent: boolean): void {
    const sends = this.of(key).moneySends;
    if (sent) sends.sent++;
    countCall(sends, customId, sent);
  }

  orderSet(key: string, hashName: string): void {
    const orders = this.of(key).ordersSet;
    orders.calls++;
    orders.byHashName[hashName] = (orders.byHashName[hashName] ?? 0) + 1;
  }

  snapshot(): StatsSnapshot {
    return {
      totalRequests: this.totalRequests,
      rateLimitViolations: this.sum((stats) => stats.rateLimitViolations),
      faultsInjected: this.sum((stats) => stats.faultsInjected),
      badKey: this.sum((stats) => stats.badKey),
      duplicateEffects: this.sum((stats) =>
        duplicateRefs(stats.buys.byCustomId, stats.moneySends.byCustomId),
      ),
      keys: this.namedSubjects(),
    };
  }

  override reset(): void {
    super.reset();
    this.perSecond.clear();
  }
}
