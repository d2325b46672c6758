import type { SimClock } from '@toydesk/simulators';

/** Requests that are not an operator: the launcher's and monitors' probes. */
const PROBE_PATHS = new Set(['/readyz', '/healthz', '/livez']);

export interface DemoWorldPause {
  /** An operator's request: the world runs again at once (before the request is answered). */
  touch(): void;
  /** Pauses the world when no operator request came for the idle window; called from a slow timer. */
  check(): void;
  /** Counts a raw HTTP request as activity unless it is a probe. */
  onRequest(url: string | undefined): void;
}

/**
 * An idle demo's world stands still: with no operator request for `idleMs`, the simulators' clock pauses,
 * so no simulated sale, order fill, trade countdown or offer expiry falls due, the trading loops find
 * nothing changed and back off (tick-backoff.ts) instead of reacting to a market nobody watches. The first
 * request of an operator (a login, any API call, the console's first page) resumes it before it is
 * answered, from where it stopped: the operator sees the world as it was left, moving again at once.
 * Production is untouched: its markets are real and nothing pauses.
 */
export function createDemoWorldPause(
  clock: SimClock,
  idleMs: number,
  realNow: () => number = Date.now,
): DemoWorldPause {
  let lastActivity = realNow();
  const touch = () => {
    lastActivity = realNow();
    clock.resume();
  };
  return {
    touch,
    check() {
      if (realNow() - lastActivity >= idleMs) clock.pause();
    },
    onRequest(url) {
      const path = (url ?? '').split('?')[0] ?? '';
      if (!PROBE_PATHS.has(path)) touch();
    },
  };
}
