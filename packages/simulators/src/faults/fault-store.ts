import { Random } from '../util/random.ts';
import { InputError } from '../util/input-error.ts';

/**
 * Injected failures, shared by every simulator (tm, the kit markets, Steam). A fault matches requests by a
 * substring of the path-and-query after the simulator's prefix (e.g. `/api/v2/buy?`), by method and by the
 * request's subject (the API key on the markets, the account on Steam); it fires on a share of them, for the
 * next `count` matches (then it is gone) or until deleted. `phase: 'after'` lets the call change the state
 * first and only then fail the answer: the case where a client must find out whether its purchase happened.
 * Each simulator names its own fault kinds and what they answer (`FaultRules`).
 */
export interface FaultSpecBase<Kind extends string = string> {
  /** `key` is matched on the markets, `account` on Steam (see `FaultRules.subject`). */
  match?: { path?: string; method?: string; key?: string; account?: string };
  kind: Kind;
  /** HTTP status for status (default 503) and html (default 502). */
  status?: number;
  /** Share of matching requests hit, 0..1 (default 1). */
  share?: number;
  /** Fire on the next N hits only (default: until deleted). */
  count?: number;
  /** slow: real milliseconds to wait (default 15000). */
  delayMs?: number;
  /** before (default): fail instead of handling; after: handle (state changes), then fail the answer. */
  phase?: 'before' | 'after';
}

export type Fault<Spec extends FaultSpecBase> = Spec & {
  id: string;
  phase: 'before' | 'after';
  hits: number;
  remaining: number | null;
};

export interface FaultRules<Spec extends FaultSpecBase> {
  kinds: readonly Spec['kind'][];
  /** Which `match` field names the request's subject. */
  subject: 'key' | 'account';
  /** A simulator's own checks of a spec: the message when it is refused, else null. */
  check?: (spec: Spec) => string | null;
}

export class FaultStore<Spec extends FaultSpecBase> {
  private faults: Fault<Spec>[] = [];
  private nextId = 1;
  private random: Random;

  constructor(
    private readonly seed: number,
    private readonly rules: FaultRules<Spec>,
  ) {
    this.random = new Random(seed);
  }

  add(spec: Spec): Fault<Spec> {
    if (!spec || !this.rules.kinds.includes(spec.kind)) {
      throw new InputError(`kind must be one of ${this.rules.kinds.join(', ')}`);
    }
    if (spec.share !== undefined && !(spec.share >= 0 && spec.share <= 1)) {
      throw new InputError('share must be within 0..1');
    }
    if (spec.count !== undefined && !(Number.isInteger(spec.count) && spec.count > 0)) {
      throw new InputError('count must be a positive integer');
    }
    if (
      spec.status !== undefined &&
      !(Number.isInteger(spec.status) && spec.status >= 100 && spec.status < 600)
    ) {
      throw new InputError('status must be an HTTP status code');
    }
    const refusal = this.rules.check?.(spec) ?? null;
    if (refusal !== null) throw new InputError(refusal);
    if (spec.phase !== undefined && spec.phase !== 'before' && spec.phase !== 'after') {
      throw new InputError('phase must be before or after');
    }
    const fault: Fault<Spec> = {
      ...spec,
      id: String(this.nextId++),
      phase: spec.phase ?? 'before',
      hits: 0,
      remaining: spec.count ?? null,
    };
    this.faults.push(fault);
    return { ...fault };
  }

  list(): Fault<Spec>[] {
    return this.faults.map((fault) => ({ ...fault }));
  }

  remove(id: string): boolean {
    const before = this.faults.length;
    this.faults = this.faults.filter((fault) => fault.id !== id);
    return this.faults.length < before;
  }

  clear(): void {
    this.faults = [];
    this.random = new Random(this.seed);
  }

  /**
   * The fault this request meets, if any (its count goes down): a rule's `path` is found anywhere in the path
   * and query string (`search` without its '?').
   */
  take(request: {
    path: string;
    search: string;
    method: string;
    subject: string | null;
  }): Fault<Spec> | null {
    const pathAndQuery = request.search ? `${request.path}?${request.search}` : request.path;
    for (const fault of this.faults) {
      const match = fault.match ?? {};
      const subject = match[this.rules.subject];
      if (match.path !== undefined && !pathAndQuery.includes(match.path)) continue;
      if (subject !== undefined && subject !== request.subject) continue;
      if (match.method !== undefined && match.method.toUpperCase() !== request.method) continue;
      if (fault.share !== undefined && !this.random.chance(fault.share)) continue;
      fault.hits++;
      if (fault.remaining !== null) {
        fault.remaining--;
        if (fault.remaining <= 0) this.faults = this.faults.filter((other) => other !== fault);
      }
      return { ...fault };
    }
    return null;
  }
}
