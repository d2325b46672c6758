import { Random } from '../../util/random.ts';
import { InputError } from '../input-error.ts';

/**
 * Injected failures. A fault matches requests by a substring of the path-and-query after the market prefix
 * (e.g. `/api/v2/buy?`), by API key and by method; it fires on a share of them, for the next `count`
 * matches (then it is gone) or until deleted. `phase: 'after'` lets the call change the state first and
 * only then fail the answer: the case where a client must find out whether its purchase happened.
 */
export const FAULT_KINDS = ['status', 'html', 'slow', 'drop', 'error'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultSpec {
  match?: { path?: string; key?: string; method?: string };
  /** status: JSON error with an HTTP status; html: an nginx error page; slow: answer after delayMs;
   * drop: destroy the connection without answering; error: HTTP 200 `{success:false,error}`. */
  kind: FaultKind;
  /** HTTP status for status (default 503) and html (default 502). */
  status?: number;
  /** Share of matching requests hit, 0..1 (default 1). */
  share?: number;
  /** Fire on the next N hits only (default: until deleted). */
  count?: number;
  /** slow: real milliseconds to wait (default 15000). */
  delayMs?: number;
  /** error (and status): the tm error string of the JSON body. */
  error?: string;
  /** before (default): fail instead of handling; after: handle (state changes), then fail the answer. */
  phase?: 'before' | 'after';
}

export interface Fault extends FaultSpec {
  id: string;
  phase: 'before' | 'after';
  hits: number;
  remaining: number | null;
}

export class FaultStore {
  private faults: Fault[] = [];
  private nextId = 1;
  private random: Random;

  constructor(private readonly seed: number) {
    this.random = new Random(seed);
  }

  add(spec: FaultSpec): Fault {
    if (!spec || !FAULT_KINDS.includes(spec.kind)) {
      throw new InputError(`kind must be one of ${FAULT_KINDS.join(', ')}`);
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
    if (spec.phase !== undefined && spec.phase !== 'before' && spec.phase !== 'after') {
      throw new InputError('phase must be before or after');
    }
    const fault: Fault = {
      ...spec,
      id: String(this.nextId++),
      phase: spec.phase ?? 'before',
      hits: 0,
      remaining: spec.count ?? null,
    };
    this.faults.push(fault);
    return fault;
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
    this.random = new Random(this.seed);
  }

  /** The fault this request meets, if any (its count goes down). */
  take(request: { pathAndQuery: string; key: string | null; method: string }): Fault | null {
    for (const fault of this.faults) {
      const match = fault.match ?? {};
      if (match.path !== undefined && !request.pathAndQuery.includes(match.path)) continue;
      if (match.key !== undefined && match.key !== request.key) continue;
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
