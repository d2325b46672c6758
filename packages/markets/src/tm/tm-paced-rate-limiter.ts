import { KeyedQueue, sleep as defaultSleep, type RateLimitGrant, type RateLimiter } from '@toydesk/http';

export interface TmPacedRateLimiterOptions {
  /** The limiter that guarantees the limit (MemoryRateLimiter, or PostgresRateLimiter across processes). */
  inner: RateLimiter;
  /** The least time between two tokens of one key in this process, e.g. 1100 ms / 5 = 220 ms. */
  intervalMs: number;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * Spreads a key's tokens evenly instead of in bursts. A sliding-window log alone lets a key send its 5
 * requests at once and then wait; with many keys starting together (a reprice job over 50 accounts) that is
 * 250 requests in the same instant, and the ones queued last reach tm late, closer to the next burst than
 * the safety margin covers. tm's own clients pace too (the npm market-csgo-api: bottleneck `minTime: 200`).
 * Pacing keeps the same ceiling (5 per window) and the inner limiter keeps the guarantee.
 */
export class TmPacedRateLimiter implements RateLimiter {
  private readonly inner: RateLimiter;
  private readonly intervalMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Per key, the earliest time its next token may be handed out. */
  private readonly nextAt = new Map<string, number>();
  /** Per key, waiters served in arrival order. */
  private readonly line = new KeyedQueue();

  constructor(options: TmPacedRateLimiterOptions) {
    if (!(options.intervalMs >= 0)) throw new RangeError('TmPacedRateLimiter needs intervalMs >= 0');
    this.inner = options.inner;
    this.intervalMs = options.intervalMs;
    this.now = options.now ?? (() => performance.now());
    this.sleep = options.sleep ?? defaultSleep;
  }

  async acquire(key: string, signal?: AbortSignal): Promise<RateLimitGrant | void> {
    return this.line.inTurn(key, signal, async () => {
      const wait = (this.nextAt.get(key) ?? 0) - this.now();
      if (wait > 0) await this.sleep(wait, signal);
      const grant = await this.inner.acquire(key, signal);
      this.nextAt.set(key, this.now() + this.intervalMs);
      return grant;
    });
  }
}
