import { appendBotJobLog, type BotJobLogLevel, type Database } from '@toydesk/db';
import { runOnce } from './once.ts';

export interface RunningJob {
  id: string;
  kind: string;
  /** 1 for the first attempt. */
  attempt: number;
  maxAttempts: number;
  account: number | null;
  /** Seconds this attempt may run before the queue gives the job to another worker. */
  expireInSeconds: number;
}

/** What a job handler gets: its dependencies, its identity, its own log and the once helper. */
export class JobContext<D = unknown> {
  constructor(
    readonly deps: D,
    readonly job: RunningJob,
    /** Aborted when the attempt runs out of time; long calls should pass it on. */
    readonly signal: AbortSignal,
    private readonly db: Database,
  ) {}

  /** The same job with another signal (a trading tick's: also aborted when its lease is lost). */
  withSignal(signal: AbortSignal): JobContext<D> {
    return new JobContext(this.deps, this.job, signal, this.db);
  }

  /** Appends a line to the job's own log (read at /api-node/jobs/{id}/). Never throws. */
  async log(message: string, level: BotJobLogLevel = 'info'): Promise<void> {
    await appendBotJobLog(this.db, [
      { job_id: this.job.id, attempt: this.job.attempt, level, message },
    ]).catch(() => undefined);
  }

  /**
   * Runs a step at most once in effect (see runOnce): the marker is recorded before `act`, and an attempt
   * that finds an unfinished marker asks `check` (Steam, the marketplace) before acting again.
   */
  once<T>(stepKey: string, check: () => Promise<T | null>, act: () => Promise<T>): Promise<T> {
    this.signal.throwIfAborted();
    return runOnce(
      this.db,
      { jobId: this.job.id, attempt: this.job.attempt, leaseSeconds: this.job.expireInSeconds },
      stepKey,
      check,
      async () => {
        this.signal.throwIfAborted();
        return act();
      },
    );
  }
}
