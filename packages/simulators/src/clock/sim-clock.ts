/**
 * The simulators' clock. Every market timer (sold-item countdowns, ping expiry, offer failure after 7 hours,
 * trade holds, inventory refresh delays, random sales and order fills) reads `now()`; the control API moves
 * it forward with `advance()`. By default it is the real time plus an offset, so a running simulator ages
 * like the real market and a test can still jump hours ahead. Rate-limit windows do not use it: they run on
 * real time.
 */
export interface SimClock {
  /** Simulated epoch milliseconds. */
  now(): number;
  /** Moves the simulated time forward (never backwards). */
  advance(ms: number): void;
  /** How far the simulated time is ahead of where it started running (the sum of all advances). */
  offsetMs(): number;
  /**
   * Stops the simulated time where it is (an idle demo's world: no sale, fill or countdown falls due, so
   * its loops find nothing to do). `advance()` still moves it.
   */
  pause(): void;
  /** Lets the simulated time run again from where it stopped: the paused span never happened. */
  resume(): void;
  paused(): boolean;
}

export interface SimClockOptions {
  /** A frozen clock does not follow real time: it starts at `startAt` and moves only by `advance()`. */
  frozen?: boolean;
  /** Frozen clocks: the start time in epoch ms (default: the real time at creation). */
  startAt?: number;
  /** The real time the clock follows (tests); default `Date.now`. */
  realNow?: () => number;
}

export function createSimClock(options: SimClockOptions = {}): SimClock {
  const realNow = options.realNow ?? Date.now;
  let offset = 0;
  // Real time spent paused, taken off so the world resumes where it stopped.
  let pausedTotal = 0;
  let pausedAt: number | null = null;
  const base = options.startAt ?? realNow();
  const read = options.frozen ? () => base : realNow;
  const running = () => (pausedAt ?? read()) - pausedTotal;
  return {
    now: () => running() + offset,
    advance(ms: number) {
      if (!Number.isFinite(ms) || ms < 0)
        throw new RangeError(`advance() takes a non-negative ms, got ${ms}`);
      offset += ms;
    },
    offsetMs: () => offset,
    pause() {
      if (pausedAt === null) pausedAt = read();
    },
    resume() {
      if (pausedAt === null) return;
      pausedTotal += read() - pausedAt;
      pausedAt = null;
    },
    paused: () => pausedAt !== null,
  };
}
