/** Idle ticks in a row are counted up to this (the wait reaches any cap long before). */
const MAX_IDLE_ROUNDS = 20;

/**
 * The idle ticks in a row after this tick: a tick that did nothing (no action, no alert, no failure) counts
 * one more, any other starts over at 0.
 */
export function idleRoundsAfter(before: number, tickWasIdle: boolean): number {
  return tickWasIdle ? Math.min(MAX_IDLE_ROUNDS, before + 1) : 0;
}

/**
 * Seconds until a loop's next tick: its interval while it has work, twice as long after each idle tick in
 * a row, never more than `idleMaxSeconds` (nor less than the interval: a loop slower than the cap, such as
 * keep-online's 180 s, keeps its own pace).
 *
 * Why: an idle demo spent a quarter of a core on deliver ticks every 5 s that found nothing to deliver.
 */
export function nextTickSeconds(intervalSeconds: number, idleRounds: number, idleMaxSeconds: number): number {
  if (idleRounds <= 0) return intervalSeconds;
  return Math.max(intervalSeconds, Math.min(idleMaxSeconds, intervalSeconds * 2 ** idleRounds));
}
