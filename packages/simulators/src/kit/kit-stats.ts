/**
 * Per-account request statistics of one simulated market, for tests that assert a client's behaviour:
 * calls per route, refused credentials, rate-limit violations, injected faults, and spending calls per
 * client reference (a reference spent twice is a duplicate purchase or order).
 */
export interface PerRef {
  calls: number;
  /** How many of those calls spent money (a purchase made, an order placed): at most 1 when idempotent. */
  effects: number;
}

export interface KitAccountStats {
  requests: number;
  byRoute: Record<string, number>;
  authFailures: number;
  rateLimitViolations: number;
  faultsInjected: number;
  spends: { calls: number; effects: number; byKind: Record<string, number>; byRef: Record<string, PerRef> };
}

export interface KitStatsSnapshot {
  totalRequests: number;
  /** Calls per route over every caller, anonymous ones included. */
  byRoute: Record<string, number>;
  rateLimitViolations: number;
  authFailures: number;
  faultsInjected: number;
  /** References with more than one effect: always 0 unless a client spent twice. */
  duplicateEffects: number;
  accounts: Record<string, KitAccountStats>;
}

const ANONYMOUS = '';

function emptyAccountStats(): KitAccountStats {
  return {
    requests: 0,
    byRoute: {},
    authFailures: 0,
    rateLimitViolations: 0,
    faultsInjected: 0,
    spends: { calls: 0, effects: 0, byKind: {}, byRef: {} },
  };
}

export class KitStats {
  private accounts = new Map<string, KitAccountStats>();
  private totalRequests = 0;
  private byRoute: Record<string, number> = {};

  private of(accountId: string | null): KitAccountStats {
    const id = accountId ?? ANONYMOUS;
    let stats = this.accounts.get(id);
    if (!stats) {
      stats = emptyAccountStats();
      this.accounts.set(id, stats);
    }
    return stats;
  }

  request(accountId: string | null, route: string): void {
    this.totalRequests++;
    this.byRoute[route] = (this.byRoute[route] ?? 0) + 1;
    const stats = this.of(accountId);
    stats.requests++;
    stats.byRoute[route] = (stats.byRoute[route] ?? 0) + 1;
  }

  authFailure(accountId: string | null): void {
    this.of(accountId).authFailures++;
  }

  rateLimitViolation(accountId: string | null): void {
    this.of(accountId).rateLimitViolations++;
  }

  fault(accountId: string | null): void {
    this.of(accountId).faultsInjected++;
  }

  /** A spending call (`kind`: buy, order, ...): `effect` when it spent; `ref` is the client's own id. */
  spend(accountId: string, kind: string, ref: string | null, effect: boolean): void {
    const spends = this.of(accountId).spends;
    spends.calls++;
    if (effect) {
      spends.effects++;
      spends.byKind[kind] = (spends.byKind[kind] ?? 0) + 1;
    }
    if (!ref) return;
    const entry = (spends.byRef[`${kind}:${ref}`] ??= { calls: 0, effects: 0 });
    entry.calls++;
    if (effect) entry.effects++;
  }

  snapshot(): KitStatsSnapshot {
    const all = [...this.accounts.values()];
    const sum = (pick: (stats: KitAccountStats) => number) => all.reduce((total, s) => total + pick(s), 0);
    return {
      totalRequests: this.totalRequests,
      byRoute: { ...this.byRoute },
      rateLimitViolations: sum((s) => s.rateLimitViolations),
      authFailures: sum((s) => s.authFailures),
      faultsInjected: sum((s) => s.faultsInjected),
      duplicateEffects: sum((s) => Object.values(s.spends.byRef).filter((e) => e.effects > 1).length),
      accounts: structuredClone(Object.fromEntries([...this.accounts].filter(([id]) => id !== ANONYMOUS))),
    };
  }

  reset(): void {
    this.accounts.clear();
    this.totalRequests = 0;
    this.byRoute = {};
  }
}
