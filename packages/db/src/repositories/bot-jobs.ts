import type { BotJobLogLine, BotJobState } from '@toydesk/contract';

import type { Queryable } from '../database.ts';

/**
 * Bot jobs as the bot services read them: pg-boss's tables (`job` and `archive`, written only through pg-boss
 * by apps/bots/src/jobs/job-queue.ts, and the retry stop below) and the jobs' log lines (`bot_job_log`,
 * migration 010). How a job's output reads as a result or an error stays with the queue that writes it
 * (apps/bots/src/jobs/job-store.ts).
 */

/** pg-boss's schema. */
export const PGBOSS_SCHEMA = 'pgboss';
/** The pg-boss schema version these queries were written against (pg-boss 10.x); the queue checks it. */
export const PGBOSS_SCHEMA_VERSION = 24;

export type PgBossState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

const TO_WIRE: Record<PgBossState, BotJobState> = {
  created: 'queued',
  retry: 'queued',
  active: 'running',
  completed: 'done',
  cancelled: 'cancelled',
  failed: 'failed',
};

const FROM_WIRE: Record<BotJobState, PgBossState[]> = {
  queued: ['created', 'retry'],
  running: ['active'],
  done: ['completed'],
  failed: ['failed'],
  cancelled: ['cancelled'],
};

/** A job's state as the bot services answer it. */
export const botJobState = (state: PgBossState): BotJobState => TO_WIRE[state];

/** A bot job as pg-boss keeps it (`name` is its lane). */
export type BotJobRow = {
  id: string;
  name: string;
  data: { kind?: string; account?: number | null; params?: unknown } | null;
  state: PgBossState;
  retry_count: number;
  retry_limit: number;
  started_on: string | null;
  created_on: string;
  completed_on: string | null;
  output: Record<string, unknown> | null;
};

const COLUMNS =
  'id::text AS id, name, data, state::text AS state, retry_count, retry_limit, started_on, created_on, completed_on, output';

/**
 * Live jobs and archived ones (pg-boss moves finished jobs to its archive after a while) with the given
 * columns; `where` applies to both tables.
 */
const LIVE_AND_ARCHIVED = (columns: string, where: string) => `
  SELECT ${columns} FROM ${PGBOSS_SCHEMA}.job WHERE ${where}
  UNION ALL
  SELECT ${columns} FROM ${PGBOSS_SCHEMA}.archive WHERE ${where}`;

/** The jobs of the lanes in $1 (and `where`), as rows. */
const ALL_JOBS = (where: string) => LIVE_AND_ARCHIVED(COLUMNS, `name = ANY($1::text[]) ${where}`);

export interface BotJobFilters {
  states?: BotJobState[];
  kinds?: string[];
  accounts?: number[];
  /** Kinds whose done jobs are left out (the routine scheduled ticks); their failures stay. */
  hideDoneKinds?: string[];
}

/** One job of the given lanes, live or archived; null for an unknown id or one that is not a uuid. */
export async function findBotJobRow(db: Queryable, lanes: string[], id: string): Promise<BotJobRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db.query<BotJobRow>(`${ALL_JOBS('AND id = $2::uuid')} LIMIT 1`, [lanes, id]);
  return row ?? null;
}

/** One page of the jobs of the given lanes, newest first, and how many match. */
export async function listBotJobRows(
  db: Queryable,
  lanes: string[],
  filters: BotJobFilters,
  page: number,
  pageSize: number,
): Promise<{ count: number; rows: BotJobRow[] }> {
  const params: unknown[] = [lanes];
  const where: string[] = [];
  if (filters.states?.length) {
    params.push(filters.states.flatMap((s) => FROM_WIRE[s]));
    where.push(`state::text = ANY($${params.length}::text[])`);
  }
  if (filters.kinds?.length) {
    params.push(filters.kinds);
    where.push(`data->>'kind' = ANY($${params.length}::text[])`);
  }
  if (filters.hideDoneKinds?.length) {
    params.push(filters.hideDoneKinds);
    where.push(
      `NOT (state::text = 'completed' AND COALESCE(data->>'kind', '') = ANY($${params.length}::text[]))`,
    );
  }
  if (filters.accounts?.length) {
    params.push(filters.accounts.map(String));
    where.push(`data->>'account' = ANY($${params.length}::text[])`);
  }
  const clause = where.map((w) => `AND ${w}`).join(' ');
  const [counted] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM (${ALL_JOBS(clause)}) j`,
    params,
  );
  const rows = await db.query<BotJobRow>(
    `${ALL_JOBS(clause)} ORDER BY created_on DESC, id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    params,
  );
  return { count: counted?.count ?? 0, rows };
}

/** The `text` field of the results of the completed jobs among `ids` (the trading loops' tick summaries). */
export function listBotJobResultTexts(
  db: Queryable,
  ids: string[],
): Promise<{ id: string; text: unknown }[]> {
  return db.query<{ id: string; text: unknown }>(
    LIVE_AND_ARCHIVED(
      `id::text AS id, output->'result'->'text' AS text`,
      `id = ANY($1::uuid[]) AND state = 'completed'`,
    ),
    [ids],
  );
}

/**
 * The id of a job of `kind` on `lane` for `account` whose params have `param` = `value` (a caller's
 * idempotency key), live or archived; null when there is none.
 */
export async function findBotJobIdByParam(
  db: Queryable,
  job: { lane: string; kind: string; account: number; param: string; value: string },
): Promise<string | null> {
  const [found] = await db.query<{ id: string }>(
    `${LIVE_AND_ARCHIVED(
      'id::text AS id',
      `name = $1 AND data->>'kind' = $2 AND data->>'account' = $3 AND data->'params'->>$4::text = $5`,
    )} LIMIT 1`,
    [job.lane, job.kind, String(job.account), job.param, job.value],
  );
  return found?.id ?? null;
}

/** The jobs of a singleton key on `lane` that are queued and not started yet. */
export async function listQueuedBotJobIds(
  db: Queryable,
  lane: string,
  singletonKey: string,
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM ${PGBOSS_SCHEMA}.job WHERE name = $1 AND singleton_key = $2 AND state = 'created'`,
    [lane, singletonKey],
  );
  return rows.map((row) => row.id);
}

/** Moves the queued job of a singleton key on `lane` (one started later) to now: its id, or null when none. */
export async function startQueuedBotJobNow(
  db: Queryable,
  lane: string,
  singletonKey: string,
): Promise<string | null> {
  const [queued] = await db.query<{ id: string }>(
    `UPDATE ${PGBOSS_SCHEMA}.job SET start_after = now()
     WHERE name = $1 AND singleton_key = $2 AND state = 'created' RETURNING id::text AS id`,
    [lane, singletonKey],
  );
  return queued?.id ?? null;
}

/**
 * Every job queued on `lanes` waits at least `holdSeconds` more: a paused demo world cannot change (its clock
 * stands still), so its trading ticks would only read the same simulated market and write the same would-be
 * actions; the resume starts them again at once (startQueuedBotJobsNow). Jobs already held for more than
 * half of `holdSeconds` are left alone, so calling it on every pause check rewrites only the new ones. Returns
 * how many were moved.
 */
export async function holdQueuedBotJobs(
  db: Queryable,
  lanes: string[],
  holdSeconds: number,
): Promise<number> {
  const moved = await db.query<{ id: string }>(
    `UPDATE ${PGBOSS_SCHEMA}.job SET start_after = now() + make_interval(secs => $2)
     WHERE name = ANY($1::text[]) AND state = 'created' AND start_after < now() + make_interval(secs => $2 / 2)
     RETURNING id::text AS id`,
    [lanes, holdSeconds],
  );
  return moved.length;
}

/**
 * Every job queued for later on `lanes` starts now, its idle count (`params.idle`, the trading runner's
 * back-off) forgotten: an idle demo's world resumed, so its waiting trading ticks run at once and at their
 * usual pace again. Returns how many were moved.
 */
export async function startQueuedBotJobsNow(db: Queryable, lanes: string[]): Promise<number> {
  const moved = await db.query<{ id: string }>(
    `UPDATE ${PGBOSS_SCHEMA}.job
     SET start_after = now(),
         data = CASE WHEN data ? 'params' THEN jsonb_set(data, '{params}', (data->'params') - 'idle') ELSE data END
     WHERE name = ANY($1::text[]) AND state = 'created' AND start_after > now() RETURNING id::text AS id`,
    [lanes],
  );
  return moved.length;
}

/**
 * The singleton keys of `lanes` with a job queued, retrying or running: the trading loops' live chains. A
 * running tick whose loop lease ran out (`bot_trading_loop.lease_until`) belongs to a killed worker (a live
 * attempt is abandoned by the queue before its lease ends): its chain is dead now, not only once pg-boss
 * expires the job.
 */
export async function listLiveTradingJobKeys(db: Queryable, lanes: string[]): Promise<string[]> {
  const rows = await db.query<{ key: string }>(
    `SELECT DISTINCT j.singleton_key AS key FROM ${PGBOSS_SCHEMA}.job j
     WHERE j.name = ANY($1::text[]) AND j.state IN ('created', 'retry', 'active') AND j.singleton_key IS NOT NULL
       AND NOT (j.state = 'active' AND EXISTS (
         SELECT 1 FROM bot_trading_loop l WHERE l.running_job = j.id AND l.lease_until < now()))`,
    [lanes],
  );
  return rows.map((row) => row.key);
}

/**
 * Stops pg-boss's retries of a job (it retries while retry_count < retry_limit): a permanent failure. The
 * one statement that writes pg-boss's table outside pg-boss.
 */
export async function stopBotJobRetries(db: Queryable, lane: string, id: string): Promise<void> {
  await db.query(
    `UPDATE ${PGBOSS_SCHEMA}.job SET retry_limit = retry_count WHERE name = $1 AND id = $2::uuid`,
    [lane, id],
  );
}

/** A job's log lines, oldest first. */
export function listBotJobLog(db: Queryable, jobId: string): Promise<BotJobLogLine[]> {
  return db.query<BotJobLogLine>(
    `SELECT at, attempt, level, message FROM bot_job_log WHERE job_id = $1::uuid ORDER BY id`,
    [jobId],
  );
}

export type BotJobLogLevel = 'info' | 'warn' | 'error';

export interface NewBotJobLogLine {
  job_id: string;
  attempt: number;
  level: BotJobLogLevel;
  message: string;
}

/** The longest log line kept; longer messages are cut (a log line is not a place for bodies). */
const MAX_MESSAGE = 2000;

/** Appends log lines of one or many jobs in one statement. */
export async function appendBotJobLog(db: Queryable, lines: NewBotJobLogLine[]): Promise<void> {
  if (lines.length === 0) return;
  const rows = lines.map((l) => ({ ...l, message: l.message.slice(0, MAX_MESSAGE) }));
  await db.query(
    `INSERT INTO bot_job_log (job_id, attempt, level, message)
     SELECT x.job_id, x.attempt, x.level, x.message
     FROM jsonb_to_recordset($1::jsonb) AS x(job_id uuid, attempt integer, level text, message text)`,
    [JSON.stringify(rows)],
  );
}

/**
 * Completes active jobs of one lane in one statement, each with its own output (JSON text; null: none), as
 * pg-boss's complete does one output at a time. Answers how many were completed.
 */
export async function completeBotJobs(
  db: Queryable,
  lane: string,
  jobs: { id: string; output: string | null }[],
): Promise<number> {
  if (jobs.length === 0) return 0;
  const rows = await db.query<{ n: number }>(
    `WITH done AS (
       UPDATE ${PGBOSS_SCHEMA}.job j SET completed_on = now(), state = 'completed', output = x.output::jsonb
       FROM unnest($2::uuid[], $3::text[]) AS x(id, output)
       WHERE j.name = $1 AND j.id = x.id AND j.state = 'active'
       RETURNING 1)
     SELECT count(*)::int AS n FROM done`,
    [lane, jobs.map((j) => j.id), jobs.map((j) => j.output)],
  );
  return rows[0]?.n ?? 0;
}
