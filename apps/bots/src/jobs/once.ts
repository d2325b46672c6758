import {
  claimOnceStep,
  loadOnceMarker,
  markOnceActed,
  markOnceChecked,
  noteOnceError,
  type Database,
} from '@toydesk/db';

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
  const marker = await loadOnceMarker(db, stepKey);
  if (marker?.state === 'done') return marker.result as T;
  if (marker?.state === 'started') {
    if (marker.leased && marker.owner !== me) throw new OnceBusyError(stepKey);
    const existing = await check();
    if (existing !== null) {
      if (!(await markOnceChecked(db, stepKey, me, existing))) return settled<T>(db, stepKey);
      return existing;
    }
  }
  const claimed = await claimOnceStep(db, stepKey, {
    jobId: owner.jobId,
    attempt: me,
    leaseSeconds: owner.leaseSeconds,
  });
  if (!claimed) return settled<T>(db, stepKey);
  let result: T;
  try {
    result = await act();
  } catch (error) {
    // The effect may or may not exist: keep "started" so that the next attempt checks, and free the lease.
    await noteOnceError(
      db,
      stepKey,
      me,
      error instanceof Error ? error.message.slice(0, 2000) : String(error),
    ).catch(() => undefined);
    throw error;
  }
  await markOnceActed(db, stepKey, me, result);
  return result;
}

/** Someone else got there first: their recorded result, or busy while they still act. */
async function settled<T>(db: Database, stepKey: string): Promise<T> {
  const marker = await loadOnceMarker(db, stepKey);
  if (marker?.state === 'done') return marker.result as T;
  throw new OnceBusyError(stepKey);
}
