import { FaultStore, type FaultSpecBase } from '../../faults/fault-store.ts';

/** The fault kinds of tm and the kit markets (the store itself is shared with Steam: `faults/fault-store.ts`). */
export const FAULT_KINDS = ['status', 'html', 'slow', 'drop', 'error'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultSpec extends FaultSpecBase<FaultKind> {
  /** Matched against the request's API key. */
  match?: { path?: string; key?: string; method?: string };
  /** status: JSON error with an HTTP status; html: an nginx error page; slow: answer after delayMs;
   * drop: destroy the connection without answering; error: HTTP 200 `{success:false,error}`. */
  kind: FaultKind;
  /** error (and status): the tm error string of the JSON body. */
  error?: string;
}

export function createMarketFaultStore(seed: number): FaultStore<FaultSpec> {
  return new FaultStore<FaultSpec>(seed, { kinds: FAULT_KINDS, subject: 'key' });
}
