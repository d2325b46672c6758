import type { BotJob, BotJobLogLine, BotJobState } from '@toydesk/contract';

import type { Database } from '@toydesk/db';
import type { Sealer } from './sealer.ts';

/** pg-boss's schema; the queue's own tables are read here, written only through pg-boss (see job-queue.ts). */
export const PGBOSS_SCHEMA = 'pgboss';
/** The pg-boss schema version these queries were written against (pg-boss 10.x). */
export const PGBOSS_SCHEMA_VERSION = 24;

type PgBossState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

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

export type JobRow = {
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

/** Live jobs and archived ones (pg-boss moves finished jobs to its archive after a while). */
const ALL_JOBS = (where: string) => `
  SELECT ${COLUMNS} FROM ${PGBOSS_SCHEMA}.job WHERE name = ANY($1::text[]) ${where}
  UNION ALL
  SELECT ${COLUMNS} FROM ${PGBOSS_SCHEMA}.archive WHERE name = ANY($1::text[]) ${where}`;

export interface JobFilters {
  states?: BotJobState[];
  kinds?: string[];
  accounts?: number[];
  /** Kinds whose done jobs are left out (the routine scheduled ticks); their failures stay. */
  hideDoneKinds?: string[];
}

function errorOf(row: JobRow): BotJob['error'] {
  if (row.state !== 'failed' && row.state !== 'retry' && row.state !== 'cancelled') return null;
  const output = row.output;
  if (!output) return row.state === 'cancelled' ? { message: 'Cancelled' } : null;
  if (typeof output.error === 'object' && output.error !== null) {
    return output.error as NonNullable<BotJob['error']>;
  }
  // Failures pg-boss wrote itself: an expired attempt ({value: {message}}) or a handler past its expiry.
  const value = output.value as { message?: unknown } | undefined;
  const message = typeof output.message === 'string' ? output.message : value?.message;
  return { message: typeof message === 'string' ? message : 'Failed', retryable: row.state === 'retry' };
}

function resultOf(row: JobRow, sealer?: Sealer): unknown {
  const output = row.output;
  if (row.state !== 'completed' || !output) return null;
  if (typeof output.sealed === 'string') {
    return sealer ? (JSON.parse(sealer.open(output.sealed)) as unknown) : { sealed: true };
  }
  return 'result' in output ? (output.result ?? null) : null;
}

export function toBotJob(row: JobRow, logs?: BotJobLogLine[], sealer?: Sealer): BotJob {
  return {
    id: row.id,
    kind: row.data?.kind ?? row.name,
    state: TO_WIRE[row.state],
    account: row.data?.account ?? null,
    params: row.data?.params ?? null,
    attempts: row.started_on === null ? 0 : row.retry_count + 1,
    // A permanent failure lowers retry_limit to stop the retries; its output keeps the attempts it had.
    max_attempts:
      typeof row.output?.max_attempts === 'number' ? row.output.max_attempts : row.retry_limit + 1,
    result: resultOf(row, sealer),
    error: errorOf(row),
    created_at: row.created_on,
    started_at: row.started_on,
    finished_at:
      row.state === 'completed' || row.state === 'failed' || row.state === 'cancelled'
        ? row.completed_on
        : null,
    ...(logs ? { logs } : {}),
  };
}

export class JobStore {
  constructor(
    private readonly db: Database,
    /** The lanes (queues) whose jobs are bot jobs. */
    private readonly lanes: () => string[],
    private readonly sealer?: Sealer,
  ) {}

  async get(id: string, withLogs = false): Promise<{ job: BotJob; lane: string } | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const [row] = await this.db.query<JobRow>(`${ALL_JOBS('AND id = $2::uuid')} LIMIT 1`, [this.lanes(), id]);
    if (!row) return null;
    const logs = withLogs
      ? await this.db.query<BotJobLogLine>(
          `SELECT at, attempt, level, message FROM bot_job_log WHERE job_id = $1::uuid ORDER BY id`,
          [id],
        )
      : undefined;
    return { job: toBotJob(row, logs, this.sealer), lane: row.name };
  }

  async list(
    filters: JobFilters,
    page: number,
    pageSize: number,
  ): Promise<{ count: number; results: BotJob[] }> {
    const params: unknown[] = [this.lanes()];
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
    const [counted] = await this.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM (${ALL_JOBS(clause)}) j`,
      params,
    );
    const rows = await this.db.query<JobRow>(
      `${ALL_JOBS(clause)} ORDER BY created_on DESC, id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      params,
    );
    return { count: counted?.count ?? 0, results: rows.map((row) => toBotJob(row, undefined, this.sealer)) };
  }
}
