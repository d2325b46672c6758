import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';

import type { BotJob } from '@toydesk/contract';
import PgBoss from 'pg-boss';

import {
  ADVISORY_LOCKS,
  appendBotJobLog,
  completeBotJobs,
  PGBOSS_SCHEMA,
  PGBOSS_SCHEMA_VERSION,
  stopBotJobRetries,
  type Database,
  type NewBotJobLogLine,
} from '@toydesk/db';
import { Coalescer } from './coalescer.ts';
import { JobContext } from './job-context.ts';
import { isPermanentError } from './error-policy.ts';
import { PermanentJobError, type JobKindDef, type LaneDef } from './job-kind.ts';
import { JobStore } from './job-store.ts';
import { IdleBackoff, type Sleeper } from './idle-backoff.ts';
import { LaneWorker } from './lane-worker.ts';
import { OnceBusyError } from './once.ts';
import { pgBossDb, type PgBossDb } from './pg-boss-db.ts';
import { relaxedCommit } from './relaxed-commit.ts';
import type { Sealer } from './sealer.ts';

export interface BotLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface JobSchedule {
  kind: string;
  /** Five-field cron in UTC; null removes the schedule. */
  cron: string | null;
}

export interface JobQueueOptions<D> {
  db: Database;
  lanes: LaneDef[];
  kinds: JobKindDef<unknown, D>[];
  /** Expires abandoned attempts (a killed worker's) and archives finished jobs; pg-boss's supervise. */
  supervise: boolean;
  /** Runs the cron schedules (pg-boss's timekeeper); any number of processes may, one sends each tick. */
  schedule: boolean;
  maintenanceIntervalSeconds: number;
  /** Send pg-boss's statements one at a time (a process that shares its pool with a server). */
  serialize?: boolean;
  /** Names this process in job logs, e.g. "worker@host:1234". */
  workerName: string;
  logger: BotLogger;
  /** Encrypts and decrypts the results of kinds with sealResult (the vault). */
  sealer?: Sealer;
  /**
   * The longest wait of an idle lane between two fetches (its polling interval doubles up to this); jobs
   * queued in this process wake it at once. Default 30 s.
   */
  idleMaxSeconds?: number;
  /**
   * Where relaxed bookkeeping goes (LaneDef.relaxedCommit): a pool opened with openRelaxedDatabase;
   * default: `db`, each such statement in a transaction of its own (relaxedCommit).
   */
  relaxedDb?: Database;
  /** Tests: the lanes' sleeps. */
  sleep?: Sleeper;
}

export interface EnqueueOptions {
  /** With singletonSeconds: at most one job per key and time slot (later ones are dropped: null). */
  singletonKey?: string;
  singletonSeconds?: number;
  startAfterSeconds?: number;
  /** Overrides the kind's expireInSeconds for this job (a configured tick timeout). */
  expireInSeconds?: number;
}

/** The queue's payload of every bot job. */
export interface JobData {
  kind: string;
  account: number | null;
  params: unknown;
}

type Outcome =
  | { id: string; ok: true; output: unknown; sealed: boolean; ms: number; attempt: number }
  | {
      id: string;
      ok: false;
      error: Record<string, unknown>;
      permanent: boolean;
      ms: number;
      attempt: number;
    };

interface LaneWrites {
  logs: Coalescer<NewBotJobLogLine>;
  done: Coalescer<{ id: string; output: string | null }>;
}

const TERMINAL = new Set(['done', 'failed', 'cancelled']);

/**
 * Durable jobs on pg-boss 10: every job lives in PostgreSQL (PGlite in the embedded default), so a killed
 * worker loses nothing: its attempt expires (the kind's expireInSeconds), pg-boss's maintenance puts the
 * job back, and any worker on the same database picks it up. Several processes share the work through
 * SKIP LOCKED fetches.
 *
 * A job is { kind, account, params } on a lane (queue). Each attempt gets a JobContext with its own log
 * lines (bot_job_log) and the `once` helper for steps that must not run twice. State, attempts, result and
 * error stay pg-boss's; JobStore reads them for the jobs API.
 */
export class JobQueue<D> {
  readonly store: JobStore;
  private readonly kinds = new Map<string, JobKindDef<unknown, D>>();
  private readonly lanes = new Map<string, LaneDef>();
  private readonly finished = new EventEmitter();
  private readonly workers = new Map<string, LaneWorker<PgBoss.JobWithMetadata<JobData>>>();
  /** The ids of the jobs running in this process, per lane: failed (handed back) by a stop that times out. */
  private readonly runningIds = new Map<string, Set<string>>();
  private readonly writes = new Map<string, LaneWrites>();
  /** Per lane: the next jobs of chains (enqueueChained), one INSERT for those queued at about the same time. */
  private readonly chained = new Map<string, Coalescer<PgBoss.JobInsert>>();
  private stopped = false;
  /** The database and pg-boss's view of it for relaxed bookkeeping (LaneDef.relaxedCommit). */
  readonly relaxedDb: Database;
  private readonly relaxedBossDb: PgBossDb;

  private constructor(
    private readonly boss: PgBoss,
    private readonly bossDb: PgBossDb,
    private readonly options: JobQueueOptions<D>,
  ) {
    this.relaxedDb = options.relaxedDb ?? relaxedCommit(options.db);
    this.relaxedBossDb =
      this.relaxedDb === options.db ? bossDb : pgBossDb(this.relaxedDb, { serialize: options.serialize });
    for (const lane of options.lanes) this.lanes.set(lane.name, lane);
    for (const kind of options.kinds) {
      if (!this.lanes.has(kind.lane)) throw new Error(`Job kind ${kind.kind}: unknown lane ${kind.lane}`);
      if (this.kinds.has(kind.kind)) throw new Error(`Job kind ${kind.kind} is defined twice`);
      this.kinds.set(kind.kind, kind);
    }
    this.finished.setMaxListeners(0);
    this.store = new JobStore(options.db, () => [...this.lanes.keys()], options.sealer);
  }

  static async start<D>(options: JobQueueOptions<D>): Promise<JobQueue<D>> {
    const bossDb = pgBossDb(options.db, { serialize: options.serialize });
    const boss = new PgBoss({
      db: bossDb,
      schema: PGBOSS_SCHEMA,
      supervise: options.supervise,
      schedule: options.schedule,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
      // Finished jobs stay readable in the live table for a day, then a week in the archive.
      archiveCompletedAfterSeconds: 86_400,
      deleteAfterDays: 7,
    });
    boss.on('error', (error: Error) => options.logger.warn(`job queue: ${error.message}`));
    const queue = new JobQueue(boss, bossDb, options);
    // Maintenance hands expired attempts (a killed worker's) back: look for them now, not at the idle cap.
    boss.on('maintenance', () => queue.wakeAll());
    // One process at a time: pg-boss's install script and create_queue, run by several workers starting
    // together on a new database, failed with duplicate keys and deadlocks (6 of 9 workers exited).
    await options.db.exclusive(ADVISORY_LOCKS.jobQueueSetUp, async () => {
      await boss.start();
      const version = Number(await boss.schemaVersion());
      if (version !== PGBOSS_SCHEMA_VERSION) {
        await boss.stop({ graceful: false });
        throw new Error(
          `pg-boss schema ${version}, expected ${PGBOSS_SCHEMA_VERSION}: update @toydesk/db's bot-jobs.ts`,
        );
      }
      for (const lane of options.lanes)
        await boss.createQueue(lane.name, { name: lane.name, policy: lane.policy ?? 'standard' });
    });
    return queue;
  }

  kindDef(kind: string): JobKindDef<unknown, D> | undefined {
    return this.kinds.get(kind);
  }

  /** False once `stop` began: the readiness check of the bot services and workers. */
  running(): boolean {
    return !this.stopped;
  }

  laneNames(): string[] {
    return [...this.lanes.keys()];
  }

  private prepare(kind: string, params: unknown): { def: JobKindDef<unknown, D>; data: JobData } {
    const def = this.kinds.get(kind);
    if (!def) throw new Error(`Unknown job kind ${kind}`);
    const parsed = def.params.parse(params);
    return { def, data: { kind, account: def.account?.(parsed) ?? null, params: parsed } };
  }

  private jobOptions(def: JobKindDef<unknown, D>): PgBoss.SendOptions {
    return {
      retryLimit: def.retryLimit,
      retryDelay: def.retryDelaySeconds ?? 5,
      retryBackoff: def.retryBackoff ?? false,
      expireInSeconds: def.expireInSeconds,
    };
  }

  /** Queues one job; null when a singleton key already has a job in this time slot. */
  async enqueue(kind: string, params: unknown, options: EnqueueOptions = {}): Promise<BotJob | null> {
    const id = await this.enqueueId(kind, params, options);
    return id === null ? null : ((await this.store.get(id))?.job ?? null);
  }

  /** Queues one job and answers only its id (null: a singleton already queued), without reading it back. */
  async enqueueId(kind: string, params: unknown, options: EnqueueOptions = {}): Promise<string | null> {
    const { def, data } = this.prepare(kind, params);
    const id = await this.boss.send(def.lane, data as unknown as object, {
      ...this.jobOptions(def),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.singletonSeconds ? { singletonSeconds: options.singletonSeconds } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...(options.expireInSeconds ? { expireInSeconds: options.expireInSeconds } : {}),
    });
    if (id === null) return null;
    this.wakeLane(def.lane, options.startAfterSeconds ?? 0);
    return id;
  }

  /**
   * Queues the next job of a chain (a trading tick), relaxed (relaxed-commit.ts) and coalesced with those
   * that other jobs of the lane queue at about the same time: one INSERT for many under load. No answer:
   * a job whose singleton key is already queued is dropped (ON CONFLICT DO NOTHING), as enqueue's null.
   */
  async enqueueChained(kind: string, params: unknown, options: EnqueueOptions = {}): Promise<void> {
    const { def, data } = this.prepare(kind, params);
    let chained = this.chained.get(def.lane);
    if (!chained) {
      chained = new Coalescer(async (jobs) => {
        await this.boss.insert(jobs, { db: this.relaxedBossDb });
      });
      this.chained.set(def.lane, chained);
    }
    await chained.add([
      {
        name: def.lane,
        data: data as unknown as object,
        retryLimit: def.retryLimit,
        retryDelay: def.retryDelaySeconds ?? 5,
        retryBackoff: def.retryBackoff ?? false,
        expireInSeconds: options.expireInSeconds ?? def.expireInSeconds,
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        // pg-boss's insert adds a text startAfter to now() as an interval: "2.5" is 2.5 seconds.
        ...(options.startAfterSeconds ? { startAfter: String(options.startAfterSeconds) } : {}),
      },
    ]);
    this.wakeLane(def.lane, options.startAfterSeconds ?? 0);
  }

  /** Queues many jobs of one kind in one statement; returns their ids. */
  async enqueueMany(kind: string, paramsList: unknown[]): Promise<string[]> {
    if (paramsList.length === 0) return [];
    const def = this.kinds.get(kind);
    if (!def) throw new Error(`Unknown job kind ${kind}`);
    const jobs = paramsList.map((params) => {
      const { data } = this.prepare(kind, params);
      return {
        id: randomUUID(),
        name: def.lane,
        data: data as unknown as object,
        retryLimit: def.retryLimit,
        retryDelay: def.retryDelaySeconds ?? 5,
        retryBackoff: def.retryBackoff ?? false,
        expireInSeconds: def.expireInSeconds,
      };
    });
    await this.boss.insert(jobs);
    this.wakeLane(def.lane);
    return jobs.map((j) => j.id);
  }

  /** Sets (or removes) the cron schedule of scheduled kinds; each such kind has a lane of its own. */
  async applySchedules(schedules: JobSchedule[]): Promise<void> {
    for (const schedule of schedules) {
      const def = this.kinds.get(schedule.kind);
      if (!def) throw new Error(`Unknown scheduled kind ${schedule.kind}`);
      if (this.options.kinds.some((k) => k.lane === def.lane && k.kind !== def.kind)) {
        throw new Error(
          `Scheduled kind ${def.kind} needs a lane of its own (pg-boss: one schedule per queue)`,
        );
      }
      if (schedule.cron === null) {
        await this.boss.unschedule(def.lane);
        continue;
      }
      const data: JobData = { kind: def.kind, account: null, params: def.params.parse({}) };
      await this.boss.schedule(def.lane, schedule.cron, data as unknown as object, {
        ...this.jobOptions(def),
        tz: 'UTC',
      });
    }
  }

  /**
   * Starts this process's workers on the given lanes (default: all): one fetch loop per lane with
   * `concurrency × batchSize` jobs in flight (lane-worker.ts), backing off while the lane is empty.
   */
  async startWorkers(deps: D, lanes: string[] = [...this.lanes.keys()]): Promise<void> {
    for (const name of lanes) {
      const lane = this.lanes.get(name);
      if (!lane) throw new Error(`Unknown lane ${name}`);
      if (this.workers.has(name)) continue;
      const baseMs = lane.pollingIntervalSeconds * 1000;
      const worker = new LaneWorker<PgBoss.JobWithMetadata<JobData>>({
        name,
        slots: lane.concurrency * lane.batchSize,
        batchSize: lane.batchSize,
        fetch: (limit) =>
          this.boss.fetch<JobData>(name, {
            batchSize: limit,
            includeMetadata: true,
            ...this.commitOf(lane).boss,
          }) as Promise<PgBoss.JobWithMetadata<JobData>[]>,
        run: (jobs) => this.runBatch(lane, jobs, deps),
        backoff: new IdleBackoff(
          baseMs,
          Math.max(baseMs, (this.options.idleMaxSeconds ?? 30) * 1000),
          this.options.sleep,
        ),
        onError: (error) => this.options.logger.warn(`job queue ${name}: ${messageOf(error)}`),
      });
      this.workers.set(name, worker);
      worker.start();
    }
  }

  /**
   * The lane's log lines and completions, each coalesced (coalescer.ts) with those of the lane's other
   * batches finishing at the same time: one statement for many jobs under load.
   */
  private writesOf(lane: LaneDef): LaneWrites {
    let writes = this.writes.get(lane.name);
    if (!writes) {
      const { db } = this.commitOf(lane);
      writes = {
        logs: new Coalescer((lines) => appendBotJobLog(db, lines)),
        done: new Coalescer(async (done) => {
          await completeBotJobs(db, lane.name, done);
        }),
      };
      this.writes.set(lane.name, writes);
    }
    return writes;
  }

  /** Where a lane's bookkeeping is written: relaxed or as every other write (LaneDef.relaxedCommit). */
  private commitOf(lane: LaneDef): { db: Database; boss: { db?: PgBossDb } } {
    return lane.relaxedCommit
      ? { db: this.relaxedDb, boss: { db: this.relaxedBossDb } }
      : { db: this.options.db, boss: {} };
  }

  private wakeAll(): void {
    for (const worker of this.workers.values()) worker.wake();
  }

  /** Work was queued on the lane (or asked for at once): its local fetch loop looks now. */
  wakeLane(lane: string, startAfterSeconds = 0): void {
    const worker = this.workers.get(lane);
    if (!worker) return;
    if (startAfterSeconds > 0) worker.wakeAt(Date.now() + startAfterSeconds * 1000);
    else worker.wake();
  }

  private async runBatch(lane: LaneDef, jobs: PgBoss.JobWithMetadata<JobData>[], deps: D): Promise<void> {
    const running = this.runningIds.get(lane.name) ?? new Set<string>();
    this.runningIds.set(lane.name, running);
    for (const job of jobs) running.add(job.id);
    try {
      await this.runBatchJobs(lane, jobs, deps);
    } finally {
      for (const job of jobs) running.delete(job.id);
    }
  }

  private async runBatchJobs(lane: LaneDef, jobs: PgBoss.JobWithMetadata<JobData>[], deps: D): Promise<void> {
    const commit = this.commitOf(lane);
    const starts: NewBotJobLogLine[] = jobs.map((job) => ({
      job_id: job.id,
      attempt: job.retryCount + 1,
      level: 'info',
      message: `attempt ${job.retryCount + 1} of ${job.retryLimit + 1} started (${this.options.workerName})`,
    }));
    const writes = this.writesOf(lane);
    await writes.logs.add(starts).catch(() => undefined);

    const outcomes = await Promise.all(jobs.map((job) => this.runOne(job, deps)));

    const completions = outcomes.flatMap((o): { id: string; output: string | null }[] => {
      if (!o.ok) return [];
      if (o.output === undefined) return [{ id: o.id, output: null }];
      const sealer = this.options.sealer;
      const output =
        o.sealed && sealer
          ? { sealed: sealer.seal(JSON.stringify(o.output ?? null), o.id) }
          : { result: o.output ?? null };
      return [{ id: o.id, output: JSON.stringify(output) }];
    });
    // Settled to its error (if any) so that it is never an unhandled rejection while the rest is written.
    const completed: Promise<unknown> = writes.done.add(completions).then(
      () => null,
      (error: unknown) => error ?? new Error('complete failed'),
    );
    for (const outcome of outcomes) {
      if (!outcome.ok) {
        if (outcome.permanent) {
          // pg-boss retries while retry_count < retry_limit; a permanent failure must not be retried.
          await stopBotJobRetries(this.options.db, lane.name, outcome.id);
        }
        // The attempts the job had (its retry limit is lowered above): the console shows "1 of 3", not "1 of 1".
        const failed = jobs.find((job) => job.id === outcome.id);
        const planned = failed?.retryLimit;
        if (failed && !outcome.permanent && failed.retryCount < failed.retryLimit) {
          // Its retry comes due after the delay: this process looks then instead of at the idle cap.
          const factor = failed.retryBackoff ? 2 ** failed.retryCount : 1;
          this.wakeLane(lane.name, Math.max(0.05, (failed.retryDelay || 0) * factor));
        }
        await this.boss.fail(
          lane.name,
          outcome.id,
          {
            error: outcome.error,
            ...(outcome.permanent && planned !== undefined ? { max_attempts: planned + 1 } : {}),
          },
          commit.boss,
        );
      }
    }
    const ends: NewBotJobLogLine[] = outcomes.map((o) =>
      o.ok
        ? { job_id: o.id, attempt: o.attempt, level: 'info', message: `done in ${o.ms} ms` }
        : {
            job_id: o.id,
            attempt: o.attempt,
            level: 'error',
            message: `failed after ${o.ms} ms: ${String(o.error.message)}${o.permanent ? ' (not retried)' : ''}`,
          },
    );
    // The end lines go after the completions: a log line moves bot_job_log's data version, which the
    // console's live stream announces as `jobs`, and a job's dialog then reads the job once (it no longer
    // polls while the stream is up). A line committed before the job's state would be read as "running"
    // with nothing left to announce the end.
    const completeError = await completed;
    await writes.logs.add(ends).catch(() => undefined);
    for (const outcome of outcomes) this.finished.emit(outcome.id);
    if (completeError) throw completeError;
  }

  private async runOne(job: PgBoss.JobWithMetadata<JobData>, deps: D): Promise<Outcome> {
    const started = Date.now();
    const attempt = job.retryCount + 1;
    const def = this.kinds.get(job.data?.kind);
    const failure = (error: unknown, permanent: boolean): Outcome => ({
      id: job.id,
      ok: false,
      error: describeError(error, permanent),
      permanent,
      ms: Date.now() - started,
      attempt,
    });
    if (!def) return failure(new PermanentJobError(`Unknown job kind ${String(job.data?.kind)}`), true);
    const params = def.params.safeParse(job.data.params);
    if (!params.success)
      return failure(new PermanentJobError(`Bad parameters: ${params.error.message}`), true);

    const expireInSeconds = Number(job.expireInSeconds) || def.expireInSeconds;
    const controller = new AbortController();
    // Stop a little before pg-boss would hand the job to another worker.
    const budgetMs = Math.max(500, expireInSeconds * 1000 - 500);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new Error(`Timed out after ${Math.round(budgetMs / 1000)} s`);
        controller.abort(error);
        reject(error);
      }, budgetMs);
    });
    const ctx = new JobContext<D>(
      deps,
      {
        id: job.id,
        kind: def.kind,
        attempt,
        maxAttempts: job.retryLimit + 1,
        account: job.data.account ?? null,
        expireInSeconds,
      },
      controller.signal,
      this.options.db,
    );
    try {
      const output = await Promise.race([def.run(ctx, params.data), timedOut]);
      return {
        id: job.id,
        ok: true,
        output,
        sealed: def.sealResult ?? false,
        ms: Date.now() - started,
        attempt,
      };
    } catch (error) {
      const permanent = isPermanentError(error);
      if (!permanent && !(error instanceof OnceBusyError)) {
        this.options.logger.warn(`job ${def.kind} ${job.id} attempt ${attempt}: ${messageOf(error)}`);
      }
      return failure(error, permanent);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Waits until the job is finished or the time is up; the job as it then is (null: no such job). */
  /**
   * Waits for a job to end or the time to run out. `openSealed`: the caller started the job and is owed its
   * sealed result (runJobAndWait); nobody else sees it opened.
   */
  async waitFor(
    id: string,
    timeoutMs: number,
    options: { openSealed?: boolean } = {},
  ): Promise<BotJob | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = await this.store.get(id, { openSealed: options.openSealed });
      if (!found) return null;
      if (TERMINAL.has(found.job.state) || Date.now() >= deadline) return found.job;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.finished.off(id, done);
          resolve();
        };
        // Local workers announce their jobs at once; a worker in another process is seen by polling.
        const timer = setTimeout(done, Math.min(250, Math.max(1, deadline - Date.now())));
        this.finished.on(id, done);
      });
    }
  }

  async cancel(id: string): Promise<BotJob | null> {
    const found = await this.store.get(id);
    if (!found) return null;
    await this.boss.cancel(found.lane, id);
    const after = (await this.store.get(id))?.job ?? null;
    if (after?.state === 'cancelled' && !TERMINAL.has(found.job.state)) {
      // The end is pg-boss's row; this line (after it) moves the `jobs` topic for the consoles watching.
      await appendBotJobLog(this.options.db, [
        { job_id: id, attempt: Math.max(1, after.attempts), level: 'warn', message: 'cancelled' },
      ]).catch(() => undefined);
    }
    this.finished.emit(id);
    return after;
  }

  /** Stops fetching, lets running attempts finish for up to `timeoutMs`, then hands the rest back. */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    const workers = [...this.workers.values()];
    const ended = await Promise.all(workers.map((worker) => worker.stop(timeoutMs)));
    if (ended.some((e) => !e)) {
      // Attempts still running: failed now, so they are retried at once instead of after their expiry.
      for (const [lane, ids] of this.runningIds) {
        for (const id of ids)
          await this.boss
            .fail(lane, id, { message: 'the worker shut down while the job was running' })
            .catch(() => undefined);
      }
    }
    await this.boss.stop({ graceful: true, timeout: 1_000, wait: true, close: false });
    // pg-boss's own loops (cron, maintenance) finish their current round after stop: let them, start no other.
    await Promise.all([
      this.bossDb.close(5_000),
      this.relaxedBossDb === this.bossDb ? null : this.relaxedBossDb.close(5_000),
    ]);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What a failed attempt records: message, name and the error's own details, never a stack. */
function describeError(error: unknown, permanent: boolean): Record<string, unknown> {
  const details: Record<string, unknown> = error instanceof PermanentJobError ? { ...error.details } : {};
  for (const key of ['code', 'kind', 'status', 'eresult'] as const) {
    const value = error instanceof Error ? (error as unknown as Record<string, unknown>)[key] : undefined;
    if ((typeof value === 'string' || typeof value === 'number') && details[key] === undefined)
      details[key] = value;
  }
  return {
    message: messageOf(error).slice(0, 2000),
    name: error instanceof Error ? error.name : 'Error',
    retryable: !permanent,
    ...details,
  };
}
