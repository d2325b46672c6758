import { countRef, duplicateRefs, PerSubjectStats, type PerRef } from '../stats/per-subject-stats.ts';

/**
 * Per-account request statistics of one simulated market, for tests that assert a client's behaviour:
 * calls per route, refused credentials, rate-limit violations, injected faults, and spending calls per
 * client reference (a reference spent twice is a duplicate purchase or order).
 */

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

export class KitStats extends PerSubjectStats<KitAccountStats> {
  private byRoute: Record<string, number> = {};

  constructor() {
    super(emptyAccountStats);
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
    if (ref) countRef(spends.byRef, `${kind}:${ref}`, effect);
  }

  snapshot(): KitStatsSnapshot {
    return {
      totalRequests: this.totalRequests,
      byRoute: { ...this.byRoute },
      rateLimitViolations: this.sum((s) => s.rateLimitViolations),
      authFailures: this.sum((s) => s.authFailures),
      faultsInjected: this.sum((s) => s.faultsInjected),
      duplicateEffects: this.sum((s) => duplicateRefs(s.spends.byRef)),
      accounts: this.namedSubjects(),
    };
  }

  override reset(): void {
    super.reset();
    this.byRoute = {};
  }
}
