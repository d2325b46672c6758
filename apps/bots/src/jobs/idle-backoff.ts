/** How a loop sleeps; tests pass their own to see the waits asked for without waiting. */
export type Sleeper = (ms: number, signal: AbortSignal) => Promise<void>;

export const realSleep: Sleeper = (ms, signal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * The wait of a loop that found nothing to do: `baseMs` after the first empty round, twice as long after
 * each further one, never more than `maxMs`; a round with work starts over at `baseMs`. `wake()` (work
 * queued in this process, an operator's action, a delayed job coming due) ends the current wait at once,
 * and a wake that comes while the loop is busy makes its next wait end at once, so none is missed.
 *
 * Why: an idle process used to ask the database for jobs every second per worker (43 workers), and an idle
 * demo spent a quarter of a core on it.
 */
export class IdleBackoff {
  private emptyRounds = 0;
  private woken = false;
  private current: AbortController | null = null;

  constructor(
    readonly baseMs: number,
    readonly maxMs: number,
    private readonly sleep: Sleeper = realSleep,
  ) {
    if (!(baseMs > 0) || maxMs < baseMs) throw new Error(`IdleBackoff: bad waits ${baseMs}..${maxMs} ms`);
  }

  /** The wait the next empty round will take. */
  nextWaitMs(): number {
    return Math.min(this.maxMs, this.baseMs * 2 ** this.emptyRounds);
  }

  /** A round with work: the next empty round waits `baseMs` again. */
  busy(): void {
    this.emptyRounds = 0;
  }

  /** An empty round: waits (longer each time, up to the cap) unless woken. True when woken. */
  async idle(): Promise<boolean> {
    const ms = this.nextWaitMs();
    // The cap is reached after a few rounds; counting further would only overflow the power.
    if (this.baseMs * 2 ** this.emptyRounds < this.maxMs) this.emptyRounds += 1;
    return this.waitUnlessWoken(ms);
  }

  /** Waits `ms` unless woken (without changing the backoff): a loop whose slots are all taken. */
  async waitUnlessWoken(ms: number): Promise<boolean> {
    if (this.woken) {
      this.woken = false;
      return true;
    }
    const controller = new AbortController();
    this.current = controller;
    await this.sleep(ms, controller.signal);
    this.current = null;
    const woken = this.woken || controller.signal.aborted;
    this.woken = false;
    return woken;
  }

  /** Work arrived: end the current wait now (or the next one, if the loop is busy) and start over. */
  wake(): void {
    this.emptyRounds = 0;
    this.woken = true;
    this.current?.abort();
  }
}
