import { FaultStore, type FaultSpecBase } from '../faults/fault-store.ts';

/**
 * Steam's fault kinds, on the store every simulator shares (match by path substring, method and account; a
 * share of the matches; for `count` hits or until deleted; before or after the call changes the state):
 * - status: that HTTP status (default 503) with a short body; 429 is the rate-limit answer.
 * - html: an nginx error page (default 502).
 * - drop: the connection is destroyed without an answer.
 * - slow: the answer waits delayMs real milliseconds.
 * - eresult: HTTP 200 with a failed EResult (community JSON `{success: n, message}`, WebAPI `X-eresult`).
 * - session_expired: community pages redirect to /login, WebAPI answers 401.
 */
export const FAULT_KINDS = ['status', 'html', 'drop', 'slow', 'eresult', 'session_expired'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultSpec extends FaultSpecBase<FaultKind> {
  /** Matched against the account's login. */
  match?: { path?: string; method?: string; account?: string };
  eresult?: number;
  message?: string;
}

export function createSteamFaultStore(seed: number): FaultStore<FaultSpec> {
  return new FaultStore<FaultSpec>(seed, {
    kinds: FAULT_KINDS,
    subject: 'account',
    check: (spec) =>
      spec.kind === 'eresult' && !(Number.isInteger(spec.eresult) && (spec.eresult ?? 0) > 1)
        ? 'an eresult fault needs eresult > 1'
        : null,
  });
}
