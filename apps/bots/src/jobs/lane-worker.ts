import type { IdleBackoff } from './idle-backoff.ts';

export interface LaneWorkerOptions<J> {
  name: string;
  /** Jobs in flight at most (the lane's workers × batch size). */
  slots: number;
  /** Jobs handed to one `run` (they run side by side and are finished together). */
  batchSize: number;
  /** Takes up to `limit` due jobs (pg-boss's fetch: SKIP LOCKED, so processes share the lane). */
  fetch(limit: number): Promise<J[]>;
  /** Runs a batch to its end; must not throw (failures are the batch's own business). */
  run(jobs: J[]): Promise<void>;
  backoff: IdleBackoff;
  onError(error: unknown): void;
}

/** Due times are kept to this grain, so a thousand chains due within one moment make one wake-up. */
const DUE_GRAIN_MS = 50;

/**
 * One fetch loop per lane and process, in place of pg-boss's one polling loop per worker: it asks for as
 * many jobs as it has free slots in one statement, starts each batch as soon as it comes and asks again
 * when slots free up, so a slow job never holds the others up and an idle lane costs one query per wait.
 *
 * With nothing to do it backs off (IdleBackoff: the lane's polling interval, doubling up to a cap) and
 * wakes at once when a job is queued in this process (`wake`) or a delayed job queued here comes due
 * (`wakeAt`); jobs queued elsewhere are seen at the next fetch.
 */
export class LaneWorker<J> {
  private inFlight = 0;
  private stopping = false;
  private loop: Promise<void> | null = null;
  private readonly running = new Set<Promise<void>>();
  /** Due times (ms, on the grain) of delayed jobs queued by this process, earliest first. */
  private readonly due: number[] = [];
  private dueTimer: NodeJS.Timeout | null = null;
  private dueTimerAt = 0;

  constructor(private readonly options: LaneWorkerOptions<J>) {}

  get name(): string {
    return this.options.name;
  }

  start(): void {
    this.loop ??= this.run();
  }

  /** A job was queued for now (or an operator asked for one): fetch at once. */
  wake(): void {
    this.options.backoff.wake();
  }

  /** A job was queued to start at `time` (ms since the epoch): fetch then. */
  wakeAt(time: number): void {
    if (this.stopping) return;
    const at = Math.ceil(time / DUE_GRAIN_MS) * DUE_GRAIN_MS;
    let i = this.due.length;
    while (i > 0 && this.due[i - 1]! > at) i -= 1;
    if (this.due[i - 1] === at) return;
    this.due.splice(i, 0, at);
    this.armDueTimer();
  }

  private armDueTimer() {
    const next = this.due[0];
    if (next === undefined || (this.dueTimer && this.dueTimerAt <= next)) return;
    if (this.dueTimer) clearTimeout(this.dueTimer);
    this.dueTimerAt = next;
    this.dueTimer = setTimeout(
      () => {
        this.dueTimer = null;
        const now = Date.now();
        while (this.due.length > 0 && this.due[0]! <= now) this.due.shift();
        this.wake();
        this.armDueTimer();
      },
      Math.max(0, next - Date.now()),
    );
  }

  private async run(): Promise<void> {
    const { backoff, slots } = this.options;
    while (!this.stopping) {
      const free = slots - this.inFlight;
      if (free <= 0) {
        // Every slot is taken: a finishing batch wakes the loop.
        await backoff.waitUnlessWoken(backoff.maxMs);
        continue;
      }
      let jobs: J[] = [];
      try {
        jobs = await this.options.fetch(free);
      } catch (error) {
        this.options.onError(error);
      }
      if (this.stopping) {
        // Fetched while stopping: run them anyway, they are ours now (their attempt has begun).
        this.startBatches(jobs);
        break;
      }
      if (jobs.length === 0) {
        await backoff.idle();
        continue;
      }
      backoff.busy();
      this.startBatches(jobs);
      // Fewer than asked: the lane is drained for now; wait for a wake (a finished batch, a new job).
      if (jobs.length < free) await backoff.waitUnlessWoken(backoff.baseMs);
    }
  }

  private startBatches(jobs: J[]) {
    for (let i = 0; i < jobs.length; i += this.options.batchSize) {
      const batch = jobs.slice(i, i + this.options.batchSize);
      this.inFlight += batch.length;
      const running: Promise<void> = this.options
        .run(batch)
        .catch((error: unknown) => this.options.onError(error))
        .finally(() => {
          this.inFlight -= batch.length;
          this.running.delete(running);
          // A slot is free: fetch again now (a batch that ended may have queued the next job).
          if (!this.stopping) this.options.backoff.wake();
        });
      this.running.add(running);
    }
  }

  /** Jobs running now. */
  busyCount(): number {
    return this.inFlight;
  }

  /** Stops fetching; resolves when the batches in flight ended or `timeoutMs` passed (false then). */
  async stop(timeoutMs: number): Promise<boolean> {
    this.stopping = true;
    if (this.dueTimer) clearTimeout(this.dueTimer);
    this.dueTimer = null;
    this.options.backoff.wake();
    await this.loop;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const ended = await Promise.race([Promise.all([...this.running]).then(() => true as const), timedOut]);
    clearTimeout(timer);
    return ended;
  }
}
