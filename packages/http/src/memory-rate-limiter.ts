import { KeyedQueue } from './keyed-queue.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { sleep as defaultSleep } from './sleep.ts';

export interface MemoryRateLimiterOptions {
  /** Tokens per window and key. */
  limit: number;
  windowMs: number;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * A per-process sliding-window log: a key gets a token when fewer than `limit` tokens were handed out in
 * the last `windowMs`, so no window of that length ever holds more than `limit` (a token bucket would let
 * a full bucket burst past the marketplace's own count). Waiters of one key are served in arrival order.
 * For several processes use PostgresRateLimiter.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Per key, the times of the tokens handed out in the current window, oldest first. */
  private readonly logs = new Map<string, number[]>();
  private readonly line = new KeyedQueue();

  constructor(options: MemoryRateLimiterOptions) {
    if (!(options.limit >= 1) || !(options.windowMs > 0)) {
      throw new RangeError('MemoryRateLimiter needs limit >= 1 and windowMs > 0');
    }
    this.limit = Math.floor(options.limit);
    this.windowMs = options.windowMs;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? defaultSleep;
  }

  async acquire(key: string, signal?: AbortSignal): Promise<void> {
    await this.line.inTurn(key, signal, () => this.take(key, signal));
  }

  private async take(key: string, signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const now = this.now();
      const log = (this.logs.get(key) ?? []).filter((at) => at > now - this.windowMs);
      if (log.length < this.limit) {
        log.push(now);
        this.logs.set(key, log);
        return;
      }
      this.logs.set(key, log);
      // The oldest token of the full window leaves it at log[0] + windowMs.
      await this.sleep(log[log.length - this.limit]! + this.windowMs - now, signal);
    }
  }
}
