import type { z } from 'zod';

import type { JobContext } from './job-context.ts';

/**
 * A lane is one pg-boss queue with its own workers. Kinds share a lane when they need the same kind of
 * worker (Steam steps, marketplace calls, maintenance); a scheduled kind has a lane of its own, since
 * pg-boss keeps one cron schedule per queue.
 */
export interface LaneDef {
  name: string;
  /** Workers per process on this lane. */
  concurrency: number;
  /** Jobs one worker takes per fetch; they run side by side. */
  batchSize: number;
  pollingIntervalSeconds: number;
  /** pg-boss queue policy; "short": at most one queued job per singleton key (default "standard"). */
  policy?: 'standard' | 'short';
  /**
   * The lane's bookkeeping (fetch, log lines, completion, failure) commits without waiting for the disk
   * (relaxed-commit.ts): only for jobs that may run again after a crash of PostgreSQL (trading ticks).
   */
  relaxedCommit?: boolean;
}

export interface JobKindDef<P = unknown, D = unknown> {
  /** "proxy.check", "orders.active", "signup.relogin", ... */
  kind: string;
  lane: string;
  params: z.ZodType<P>;
  /** The Steam or market account the job is about, for the jobs API's account filter. */
  account?: (params: P) => number | null;
  /** A running attempt that takes longer is abandoned and the job retried (a killed worker's too). */
  expireInSeconds: number;
  /** Attempts after the first one. */
  retryLimit: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** The result is a credential (cookies of a site): stored encrypted, opened only for the jobs API. */
  sealResult?: boolean;
  run(ctx: JobContext<D>, params: P): Promise<unknown>;
}

/** Keeps a kind's parameter type while the registry holds kinds of many types. */
export function defineJobKind<P, D>(def: JobKindDef<P, D>): JobKindDef<unknown, D> {
  return def as unknown as JobKindDef<unknown, D>;
}

/**
 * A failure that trying again cannot fix (a refusal, a missing predecessor, bad parameters): the job is
 * failed at once instead of being retried.
 */
export class PermanentJobError extends Error {
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'PermanentJobError';
  }
}
