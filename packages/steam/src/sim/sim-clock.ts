/**
 * The simulator's clock: the same contract as `@toydesk/simulators`' SimClock (now, advance, offsetMs), so a
 * server can share one clock between the marketplace simulators and this one (pass theirs in). Token expiry,
 * trade holds, escrow, offer expiry, SMS cooldowns and the login and confirmation blocks read it. Request-rate
 * windows (inventory, price overview) run on real time, as the marketplace simulators' do.
 */
export interface SimClock {
  /** Simulated epoch milliseconds. */
  now(): number;
  /** Moves the simulated time forward (never backwards). */
  advance(ms: number): void;
  /** The sum of all advances. */
  offsetMs(): number;
}

export interface SimClockOptions {
  /** Moves only by advance(), starting at startAt. */
  frozen?: boolean;
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
