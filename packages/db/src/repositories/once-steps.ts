import type { Queryable } from '../database.ts';

/**
 * The once steps repository (table bot_once, migration 010): the markers of the bots' steps that must not
 * happen twice (a purchase, an offer, a money transfer). The rules are the bots' `runOnce`
 * (apps/bots/src/jobs/once.ts); the times are the database's clock, the same for every worker.
 */

/** A step's marker; `owner` is the attempt that holds it ("<job id>#<attempt>"). */
export interface OnceMarker {
  state: 'started' | 'done';
  owner: string;
  /** The holder's lease runs. */
  leased: boolean;
  result: unknown;
}

export async function loadOnceMarker(db: Queryable, stepKey: string): Promise<OnceMarker | null> {
  const [marker] = await db.query<OnceMarker & Record<string, unknown>>(
    `SELECT state, owner, lease_until > clock_timestamp() AS leased, result FROM bot_once WHERE step_key = $1`,
    [stepKey],
  );
  return marker ?? null;
}

/**
 * Writes the marker "started" for `owner` with a lease, or takes over a started one that owner holds or
 * whose lease ran out; false when another attempt holds it or it is done.
 */
export async function claimOnceStep(
  db: Queryable,
  stepKey: string,
  owner: { jobId: string; attempt: string; leaseSeconds: number },
): Promise<boolean> {
  const claimed = await db.query(
    `INSERT INTO bot_once (step_key, state, job_id, owner, lease_until)
     VALUES ($1, 'started', $2::uuid, $3, clock_timestamp() + make_interval(secs => $4::float8))
     ON CONFLICT (step_key) DO UPDATE SET owner = excluded.owner, job_id = excluded.job_id,
       lease_until = excluded.lease_until, attempts = bot_once.attempts + 1, last_error = NULL
     WHERE bot_once.state = 'started'
       AND (bot_once.owner = excluded.owner OR bot_once.lease_until <= clock_timestamp())
     RETURNING 1`,
    [stepKey, owner.jobId, owner.attempt, owner.leaseSeconds],
  );
  return claimed.length > 0;
}

/** Ends a started step with the effect a check found; false when it was no longer started. */
export async function markOnceChecked(
  db: Queryable,
  stepKey: string,
  attempt: string,
  result: unknown,
): Promise<boolean> {
  const done = await db.query(
    `UPDATE bot_once SET state = 'done', outcome = 'checked', result = $2::jsonb, owner = $3,
       finished_at = clock_timestamp(), lease_until = clock_timestamp()
     WHERE step_key = $1 AND state = 'started' RETURNING 1`,
    [stepKey, JSON.stringify(result ?? null), attempt],
  );
  return done.length > 0;
}

/** Ends the attempt's step with what it did. */
export async function markOnceActed(
  db: Queryable,
  stepKey: string,
  attempt: string,
  result: unknown,
): Promise<void> {
  await db.query(
    `UPDATE bot_once SET state = 'done', outcome = 'acted', result = $3::jsonb,
       finished_at = clock_timestamp(), lease_until = clock_timestamp()
     WHERE step_key = $1 AND owner = $2`,
    [stepKey, attempt, JSON.stringify(result ?? null)],
  );
}

/** Notes why the attempt's act failed and ends its lease (the step stays started: the next attempt checks). */
export async function noteOnceError(
  db: Queryable,
  stepKey: string,
  attempt: string,
  error: string,
): Promise<void> {
  await db.query(
    `UPDATE bot_once SET last_error = $3, lease_until = clock_timestamp() WHERE step_key = $1 AND owner = $2`,
    [stepKey, attempt, error],
  );
}

/** When the step's first attempt began, in ms since the epoch; null without a marker. */
export async function loadOnceStartedMs(db: Queryable, stepKey: string): Promise<number | null> {
  const [row] = await db.query<{ started_ms: string }>(
    'SELECT (extract(epoch FROM started_at) * 1000)::bigint AS started_ms FROM bot_once WHERE step_key = $1',
    [stepKey],
  );
  return row ? Number(row.started_ms) : null;
}
