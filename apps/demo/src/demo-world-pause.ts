import { LIVE_PATH } from '@toydesk/contract';
import type { SimClock } from '@toydesk/simulators';

/**
 * The demo's cap on a trading loop's back-off (TOYDESK_TRADING_IDLE_MAX_SECONDS, unless set): production's 60 s
 * is the interval of dynamic-orders and list-reprice themselves, so with it those loops never slowed down
 * in a paused world. A resume starts the waiting ticks at once (start-demo.ts), so an operator does not
 * wait for it.
 */
export const DEMO_TRADING_IDLE_MAX_SECONDS = 600;

/**
 * How long a paused world holds its trading loops' queued ticks (start-demo.ts); every pause check pushes the
 * new ones this far again, and the resume starts them all at once.
 */
export const DEMO_PAUSED_HOLD_SECONDS = 3600;

/** Requests that are not an operator: the launcher's and monitors' probes. */
const PROBE_PATHS = new Set(['/readyz', '/healthz', '/livez']);

export interface DemoWorldPause {
  /** An operator's request: the world runs again at once (before the request is answered). */
  touch(): void;
  /** Pauses the world when no operator request came for the idle window; called from a slow timer. */
  check(): void;
  /**
   * Counts a raw HTTP request as activity unless it is a probe. A console tab's live stream (GET /api/live/)
   * counts for as long as it stays open: the console holds it only while its tab is shown, so an operator
   * watching a screen keeps the world moving without touching it, and a hidden or closed tab does not.
   */
  onRequest(url: string | undefined, response?: ClosingResponse): void;
}

/** What onRequest needs of a response: to hear when its connection ends. */
export interface ClosingResponse {
  once(event: 'close', listener: () => void): unknown;
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
  /** Called once per resume (the world was paused): the demo wakes its trading loops' waiting ticks. */
  onResume: () => void = () => undefined,
  /**
   * Called on every check that finds the world paused (the first included): the demo holds its trading
   * loops' queued ticks until the resume, since nothing they read can change.
   */
  whilePaused: () => void = () => undefined,
): DemoWorldPause {
  let lastActivity = realNow();
  // Open live streams of console tabs.
  let watching = 0;
  const touch = () => {
    lastActivity = realNow();
    if (!clock.paused()) return;
    clock.resume();
    onResume();
  };
  return {
    touch,
    check() {
      if (watching > 0) lastActivity = realNow();
      if (realNow() - lastActivity >= idleMs) clock.pause();
      if (clock.paused()) whilePaused();
    },
    onRequest(url, response) {
      const path = (url ?? '').split('?')[0] ?? '';
      if (PROBE_PATHS.has(path)) return;
      touch();
      if (path === LIVE_PATH && response) {
        watching += 1;
        // The tab went away (hidden, closed, logged out): from then on the idle window counts again.
        response.once('close', () => {
          watching -= 1;
          lastActivity = realNow();
        });
      }
    },
  };
}
