import type { BotJob, BotJobLogLine } from '@toydesk/contract';

import {
  botJobState,
  findBotJobRow,
  listBotJobLog,
  listBotJobRows,
  type BotJobFilters,
  type BotJobRow,
  type Database,
  MASK,
} from '@toydesk/db';
import type { Sealer } from './sealer.ts';

/*
 * How a bot job reads in the jobs API: pg-boss's row (read by @toydesk/db's bot-jobs repository) with the
 * output the queue wrote (job-queue.ts: `{ result }`, `{ sealed }`, `{ error, max_attempts }`) as a result or
 * an error.
 */

function errorOf(row: BotJobRow): BotJob['error'] {
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

/** A value the vault sealed (`v1:` or `v2:<key id>:...`): a job's parameters may carry one (the maFile import's). */
const SEALED_VALUE = /^v[12]:[A-Za-z0-9_-]{8}:/;

/** The parameters as the jobs API shows them: sealed values masked, never the ciphertext. */
function shownParams(value: unknown): unknown {
  if (typeof value === 'string') return SEALED_VALUE.test(value) ? MASK : value;
  if (Array.isArray(value)) return value.map(shownParams);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, shownParams(field)]));
  return value;
}

/**
 * A sealed result (cookies of a site) is opened only for the call that started the job and waited for it
 * (`opener`); the jobs API, which anyone with the app token can page through for days, shows
 * `{ sealed: true }`.
 */
function resultOf(row: BotJobRow, opener?: Sealer): unknown {
  const output = row.output;
  if (row.state !== 'completed' || !output) return null;
  if (typeof output.sealed === 'string') {
    return opener ? (JSON.parse(opener.open(output.sealed, row.id)) as unknown) : { sealed: true };
  }
  return 'result' in output ? (output.result ?? null) : null;
}

export function toBotJob(row: BotJobRow, logs?: BotJobLogLine[], opener?: Sealer): BotJob {
  return {
    id: row.id,
    kind: row.data?.kind ?? row.name,
    state: botJobState(row.state),
    account: row.data?.account ?? null,
    params: shownParams(row.data?.params ?? null),
    attempts: row.started_on === null ? 0 : row.retry_count + 1,
    // A permanent failure lowers retry_limit to stop the retries; its output keeps the attempts it had.
    max_attempts:
      typeof row.output?.max_attempts === 'number' ? row.output.max_attempts : row.retry_limit + 1,
    result: resultOf(row, opener),
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

  /** One job; `openSealed` only for the call that started it and waits for its answer. */
  async get(
    id: string,
    options: { withLogs?: boolean; openSealed?: boolean } = {},
  ): Promise<{ job: BotJob; lane: string } | null> {
    const row = await findBotJobRow(this.db, this.lanes(), id);
    if (!row) return null;
    const logs = options.withLogs ? await listBotJobLog(this.db, id) : undefined;
    return { job: toBotJob(row, logs, options.openSealed ? this.sealer : undefined), lane: row.name };
  }

  async list(
    filters: BotJobFilters,
    page: number,
    pageSize: number,
  ): Promise<{ count: number; results: BotJob[] }> {
    const { count, rows } = await listBotJobRows(this.db, this.lanes(), filters, page, pageSize);
    return { count, results: rows.map((row) => toBotJob(row)) };
  }
}
