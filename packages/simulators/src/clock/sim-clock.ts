/**
 * The simulators' clock. Every market timer (sold-item countdowns, ping expiry, offer failure after 7 hours,
 * trade holds, inventory refresh delays) reads `now()`; the control API moves it forward with `advance()`.
 * By default it is the real time plus an offset, so a running simulator ages like the real market and a
 * test can still jump hours ahead. Rate-limit windows do not use it: they run on real time.
 */
export interface SimClock {
  /** Simulated epoch milliseconds. */
  now(): number;
  /** Moves the simulated time forward (never backwards). */
  advance(ms: number): void;
  /** How far the simulated time is ahead of where it started running (the sum of all advances). */
  offsetMs(): number;
}

export interface SimClockOptions {
  /** A frozen clock does not follow real time: it starts at `startAt` and moves only by `advance()`. */
  frozen?: boolean;
  /** Frozen clocks: the start time in epoch ms (default: the real time at creation). */
  startAt?: number;
}

export function createSimClock(options: SimClockOptions = {}): SimClock {
  let offset = 0;
  const base = options.startAt ?? Date.now();
  const read = options.frozen ? () => base : () => Date.now();
  return {
    now: () => read() + offset,
    advance(ms: number) {
      if (!Number.isFinite(ms) || ms < 0)
        throw new RangeError(`advance() takes a non-negative ms, got ${ms}`);
      offset += ms;
    },
    offsetMs: () => offset,
  };
}
