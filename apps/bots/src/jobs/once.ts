import type { Database } from '@toydesk/db';

/** Who runs a step: one attempt of one job, holding the step for `leaseSeconds`. */
export interface OnceOwner {
  jobId: string;
  attempt: number;
  /** How long the attempt may act before another attempt may take the step over (its job's expiry). */
  leaseSeconds: number;
}

/** Another attempt holds the step right now; the job is retried later. */
export class OnceBusyError extends Error {
  constructor(readonly stepKey: string) {
    super(`Step ${stepKey} is being run by another attempt; it will be tried again`);
    this.name = 'OnceBusyError';
  }
}

type MarkerRow = {
  state: 'started' | 'done';
  owner: string;
  leased: boolean;
  result: unknown;
};

/**
 * Runs a step that must not happen twice (a purchase, an offer, a money transfer) at most once in effect:
 *
 * 1. a marker "done" returns the recorded result without acting;
 * 2. a marker "started" means an earlier attempt began acting and did not finish (killed, timed out, an
 *    unclear answer): `check` asks Steam or the marketplace whether the effect exists; if it does, that
 *    answer is recorded as the result and nothing is done again;
 * 3. otherwise the marker is written ("started", with a lease) BEFORE `act` runs, and "done" after.
 *
 * `check` returns null when the effect does not exist. A failing `act` leaves the marker "started" (the
 * effect may or may not exist), so the next attempt checks first. Results are stored as JSON.
 */
export async function runOnce<T>(
  db: Database,
  owner: OnceOwner,
  stepKey: string,
  check: () => Promise<T | null>,
  act: () => Promise<T>,
): Promise<T> {
  const me = `${owner.jobId}#${owner.attempt}`;
  const [marker] = await db.query<MarkerRow>(
    `SELECT state, owner, lease_until > clock_timestamp() AS leased, result FROM bot_once WHERE step_key = $1`,
    [stepKey],
  );
  if (marker?.state === 'done') return marker.result as T;
  if (marker?.state === 'started') {
    if (marker.leased && marker.owner !== me) throw new OnceBusyError(stepKey);
    const existing = await check();
    if (existing !== null) {
      const [done] = await db.query(
        `UPDATE bot_once SET state = 'done', outcome = 'checked', result = $2::jsonb, owner = $3,
           finished_at = clock_timestamp(), lease_until = clock_timestamp()
         WHERE step_key = $1 AND state = 'started' RETURNING 1`,
        [stepKey, JSON.stringify(existing ?? null), me],
      );
      if (!done) return settled<T>(db, stepKey);
      return existing;
    }
  }
  const claimed = await db.query(
    `INSERT INTO bot_once (step_key, state, job_id, owner, lease_until)
     VALUES ($1, 'started', $2::uuid, $3, clock_timestamp() + make_interval(secs => $4::float8))
     ON CONFLICT (step_key) DO UPDATE SET owner = excluded.owner, job_id = excluded.job_id,
       lease_until = excluded.lease_until, attempts = bot_once.attempts + 1, last_error = NULL
     WHERE bot_once.state = 'started'
       AND (bot_once.owner = excluded.owner OR bot_once.lease_until <= clock_timestamp())
     RETURNING 1`,
    [stepKey, owner.jobId, me, owner.leaseSeconds],
  );
  if (claimed.length === 0) return settled<T>(db, stepKey);
  let result: T;
  try {
    result = await act();
  } catch (error) {
    // The effect may or may not exist: keep "started" so that the next attempt checks, and free the lease.
    await db
      .query(
        `UPDATE bot_once SET last_error = $3, lease_until = clock_timestamp() WHERE step_key = $1 AND owner = $2`,
        [stepKey, me, error instanceof Error ? error.message.slice(0, 2000) : String(error)],
      )
      .catch(() => undefined);
    throw error;
  }
  await db.query(
    `UPDATE bot_once SET state = 'done', outcome = 'acted', result = $3::jsonb,
       finished_at = clock_timestamp(), lease_until = clock_timestamp()
     WHERE step_key = $1 AND owner = $2`,
    [stepKey, me, JSON.stringify(result ?? null)],
  );
  return result;
}

/** Someone else got there first: their recorded result, or busy while they still act. */
async function settled<T>(db: Database, stepKey: string): Promise<T> {
  const [row] = await db.query<{ state: string; result: unknown }>(
    'SELECT state, result FROM bot_once WHERE step_key = $1',
    [stepKey],
  );
  if (row?.state === 'done') return row.result as T;
  throw new OnceBusyError(stepKey);
}
