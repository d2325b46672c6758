import { SimRandom } from './sim-random.ts';

/**
 * Injected failures, as the marketplace simulators do them (match by path substring, method and account; a
 * share of the matches; for `count` hits or until deleted; before or after the call changes the state), with
 * the Steam-specific kinds:
 * - status: that HTTP status (default 503) with a short body; 429 is the rate-limit answer.
 * - html: an nginx error page (default 502).
 * - drop: the connection is destroyed without an answer.
 * - slow: the answer waits delayMs real milliseconds.
 * - eresult: HTTP 200 with a failed EResult (community JSON `{success: n, message}`, WebAPI `X-eresult`).
 * - session_expired: community pages redirect to /login, WebAPI answers 401.
 */
export const FAULT_KINDS = ['status', 'html', 'drop', 'slow', 'eresult', 'session_expired'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultSpec {
  match?: { path?: string; method?: string; account?: string };
  kind: FaultKind;
  status?: number;
  eresult?: number;
  message?: string;
  share?: number;
  count?: number;
  delayMs?: number;
  phase?: 'before' | 'after';
}

export interface Fault extends FaultSpec {
  id: string;
  phase: 'before' | 'after';
  hits: number;
  remaining: number | null;
}

export class FaultInputError extends Error {}

export class FaultStore {
  private faults: Fault[] = [];
  private nextId = 1;
  private random: SimRandom;

  constructor(private readonly seed: number) {
    this.random = new SimRandom(seed);
  }

  add(spec: FaultSpec): Fault {
    if (!spec || !FAULT_KINDS.includes(spec.kind))
      throw new FaultInputError(`kind must be one of ${FAULT_KINDS.join(', ')}`);
    if (spec.share !== undefined && !(spec.share >= 0 && spec.share <= 1))
      throw new FaultInputError('share must be within 0..1');
    if (spec.count !== undefined && !(Number.isInteger(spec.count) && spec.count > 0)) {
      throw new FaultInputError('count must be a positive integer');
    }
    if (
      spec.status !== undefined &&
      !(Number.isInteger(spec.status) && spec.status >= 100 && spec.status < 600)
    ) {
      throw new FaultInputError('status must be an HTTP status code');
    }
    if (spec.kind === 'eresult' && !(Number.isInteger(spec.eresult) && (spec.eresult ?? 0) > 1)) {
      throw new FaultInputError('an eresult fault needs eresult > 1');
    }
    if (spec.phase !== undefined && spec.phase !== 'before' && spec.phase !== 'after') {
      throw new FaultInputError('phase must be before or after');
    }
    const fault: Fault = {
      ...spec,
      id: String(this.nextId++),
      phase: spec.phase ?? 'before',
      hits: 0,
      remaining: spec.count ?? null,
    };
    this.faults.push(fault);
    return { ...fault };
  }

  list(): Fault[] {
    return this.faults.map((fault) => ({ ...fault }));
  }

  remove(id: string): boolean {
    const before = this.faults.length;
    this.faults = this.faults.filter((fault) => fault.id !== id);
    return this.faults.length < before;
  }

  clear(): void {
    this.faults = [];
    this.random = new SimRandom(this.seed);
  }

  /** The fault this request meets, if any (its count goes down). */
  take(request: { pathAndQuery: string; method: string; account: string | null }): Fault | null {
    for (const fault of this.faults) {
      const match = fault.match ?? {};
      if (match.path !== undefined && !request.pathAndQuery.includes(match.path)) continue;
      if (match.method !== undefined && match.method.toUpperCase() !== request.method) continue;
      if (match.account !== undefined && match.account !== request.account) continue;
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
