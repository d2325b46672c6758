import type { BotTradingStatus, TradingLoopName } from '@toydesk/contract';

import type { Queryable } from '../database.ts';

/**
 * The trading loops repository (table bot_trading_loop, migration 011): one row per (market account, loop)
 * with its state, the lease of the tick that runs it, its last run and its recent actions. The rules (who
 * starts, stops and pauses a loop) are the bots' loop runner and key pause.
 */

/** Actions kept per (account, loop), newest first. */
export const RECENT_ACTIONS = 50;

export type LoopState = BotTradingStatus['state'];

export interface LoopRow {
  market_account: number;
  loop: TradingLoopName;
  state: LoopState;
  last_run_at: string | null;
  next_run_at: string | null;
  last_summary: string | null;
  last_error: string | null;
  last_job: string | null;
  running_job: string | null;
  lease_until: string | null;
  stop_pending: boolean;
  recent_actions: BotTradingStatus['recent_actions'];
}

export async function ensureLoopRow(db: Queryable, account: number, loop: TradingLoopName): Promise<void> {
  await db.query(
    `INSERT INTO bot_trading_loop (market_account, loop) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [account, loop],
  );
}

/** Prepends one action and keeps the newest RECENT_ACTIONS. */
export async function recordLoopAction(
  db: Queryable,
  account: number,
  loop: TradingLoopName,
  action: { kind: string; detail: Record<string, unknown> },
  dryRun: boolean,
): Promise<void> {
  const entry = { at: new Date().toISOString(), kind: action.kind, dry_run: dryRun, detail: action.detail };
  // One statement per action: a list-reprice tick may record dozens.
  await db.query(
    `INSERT INTO bot_trading_loop AS l (market_account, loop, recent_actions)
     VALUES ($1, $2, jsonb_build_array($3::jsonb))
     ON CONFLICT (market_account, loop) DO UPDATE SET updated_at = now(), recent_actions = (
       SELECT COALESCE(jsonb_agg(x.value ORDER BY x.ord), '[]'::jsonb)
       FROM jsonb_array_elements(jsonb_build_array($3::jsonb) || l.recent_actions) WITH ORDINALITY AS x(value, ord)
       WHERE x.ord <= ${RECENT_ACTIONS})`,
    [account, loop, JSON.stringify(entry)],
  );
}

/** One tick's claim of its loop (claimTicks). */
export interface TickClaim {
  account: number;
  loop: TradingLoopName;
  jobId: string;
  leaseSeconds: number;
  /** False for a manual tick with the switch off: the loop's state stays as it is. */
  markRunning: boolean;
}

/**
 * Takes the loop for one tick: nobody else holds it, or the holder's lease ran out (a killed worker).
 * False: another tick of the same (account, loop) is running now.
 */
export async function claimTick(
  db: Queryable,
  account: number,
  loop: TradingLoopName,
  jobId: string,
  leaseSeconds: number,
  markRunning = true,
): Promise<boolean> {
  const [claimed] = await claimTicks(db, [{ account, loop, jobId, leaseSeconds, markRunning }]);
  return claimed === true;
}

/**
 * claimTick for many ticks in one statement (the runner coalesces the claims of ticks starting together);
 * answers, per claim and in order, whether it took its loop. Two claims of the same (account, loop) go in
 * separate statements, in order (ON CONFLICT DO UPDATE may not touch a row twice), so the first one wins as
 * it would alone.
 */
export async function claimTicks(db: Queryable, claims: readonly TickClaim[]): Promise<boolean[]> {
  const taken = new Set<string>();
  for (const round of distinctRounds(claims)) {
    // The row is created on the loop's first tick, and taken unless another tick holds an unexpired lease;
    // rows taken in key order, so two processes' batches do not lock each other's rows crosswise.
    const rows = await db.query<{ market_account: number; loop: string; job: string }>(
      `INSERT INTO bot_trading_loop AS l (market_account, loop, state, running_job, lease_until, last_job)
       SELECT x.account, x.loop, CASE WHEN x.mark THEN 'running' ELSE 'off' END, x.job,
              now() + make_interval(secs => x.lease), x.job
       FROM unnest($1::int[], $2::text[], $3::uuid[], $4::float8[], $5::bool[]) AS x(account, loop, job, lease, mark)
       ORDER BY x.account, x.loop
       ON CONFLICT (market_account, loop) DO UPDATE SET running_job = excluded.running_job,
         lease_until = excluded.lease_until, last_job = excluded.last_job, updated_at = now(),
         state = CASE WHEN excluded.state = 'running' THEN 'running' ELSE l.state END
       WHERE l.running_job IS NULL OR l.running_job = excluded.running_job OR l.lease_until < now()
       RETURNING l.market_account, l.loop, l.running_job::text AS job`,
      [
        round.map((c) => c.account),
        round.map((c) => c.loop),
        round.map((c) => c.jobId),
        round.map((c) => c.leaseSeconds),
        round.map((c) => c.markRunning),
      ],
    );
    for (const row of rows) taken.add(`${row.market_account}:${row.loop}:${row.job}`);
  }
  return claims.map((c) => taken.has(`${c.account}:${c.loop}:${c.jobId}`));
}

/** How one tick ended (finishTicks). */
export interface TickEnding {
  account: number;
  loop: TradingLoopName;
  jobId: string;
  summary: string | null;
  error: string | null;
  /** Null: unchanged (a manual tick with the switch off). */
  state: LoopState | null;
  /** Also record when the next tick is due, in the same statement, unless the loop ends up stopped or paused. */
  nextRunSeconds?: number;
}

/** Records how a tick ended and lets the loop go. */
export async function finishTick(
  db: Queryable,
  account: number,
  loop: TradingLoopName,
  jobId: string,
  outcome: { summary: string | null; error: string | null; state: LoopState | null; nextRunSeconds?: number },
): Promise<{ nextRunSet: boolean }> {
  const [ended] = await finishTicks(db, [{ account, loop, jobId, ...outcome }]);
  return ended!;
}

/**
 * finishTick for many ticks in one statement, each with its own ending; answers, per tick and in order,
 * whether its next run was recorded (false: a stop or pause came meanwhile, or the tick no longer held the
 * loop), i.e. whether its chain goes on.
 */
export async function finishTicks(
  db: Queryable,
  endings: readonly TickEnding[],
): Promise<{ nextRunSet: boolean }[]> {
  const set = new Set<string>();
  // Only the tick holding the loop matches (running_job), so one row is never updated twice here.
  const rows = await db.query<{ market_account: number; loop: string; job: string; next_run_set: boolean }>(
    `WITH upd AS (
       UPDATE bot_trading_loop l SET running_job = NULL, lease_until = NULL, last_run_at = now(),
         last_summary = x.summary, last_error = x.error,
         -- a stop that came in while the tick ran wins over the tick's own ending, and so does a pause (a
         -- rejected key seen by another loop of the account)
         state = CASE WHEN l.state IN ('stopped', 'paused') OR x.state IS NULL THEN l.state ELSE x.state END,
         next_run_at = CASE
           WHEN x.secs IS NULL
             OR (CASE WHEN l.state IN ('stopped', 'paused') OR x.state IS NULL THEN l.state ELSE x.state END)
                IN ('stopped', 'paused')
           THEN l.next_run_at ELSE now() + make_interval(secs => x.secs) END,
         updated_at = now()
       FROM unnest($1::int[], $2::text[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::float8[])
         AS x(account, loop, job, summary, error, state, secs)
       WHERE l.market_account = x.account AND l.loop = x.loop AND l.running_job = x.job
       RETURNING l.market_account, l.loop, x.job::text AS job, l.state, x.secs)
     SELECT market_account, loop, job, (secs IS NOT NULL AND state NOT IN ('stopped', 'paused')) AS next_run_set
     FROM upd`,
    [
      endings.map((e) => e.account),
      endings.map((e) => e.loop),
      endings.map((e) => e.jobId),
      endings.map((e) => e.summary?.slice(0, 2000) ?? null),
      endings.map((e) => e.error?.slice(0, 2000) ?? null),
      endings.map((e) => e.state),
      endings.map((e) => e.nextRunSeconds ?? null),
    ],
  );
  for (const row of rows) if (row.next_run_set) set.add(`${row.market_account}:${row.loop}:${row.job}`);
  return endings.map((e) => ({ nextRunSet: set.has(`${e.account}:${e.loop}:${e.jobId}`) }));
}

/** Splits claims into rounds in which each (account, loop) comes once, keeping their order. */
function distinctRounds(claims: readonly TickClaim[]): TickClaim[][] {
  const rounds: { keys: Set<string>; claims: TickClaim[] }[] = [];
  for (const claim of claims) {
    const key = `${claim.account}:${claim.loop}`;
    // After the last round that has this key, so claims of one loop keep their order.
    let last = -1;
    rounds.forEach((r, i) => {
      if (r.keys.has(key)) last = i;
    });
    let round = rounds[last + 1];
    if (!round) {
      round = { keys: new Set(), claims: [] };
      rounds.push(round);
    }
    round.keys.add(key);
    round.claims.push(claim);
  }
  return rounds.map((r) => r.claims);
}

/**
 * Records when the next tick is due; false when the loop was stopped meanwhile (the switch went off while
 * the tick ran), and then no next tick must be queued.
 */
export async function setNextRun(
  db: Queryable,
  account: number,
  loop: TradingLoopName,
  seconds: number,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE bot_trading_loop SET next_run_at = now() + make_interval(secs => $3), updated_at = now()
     WHERE market_account = $1 AND loop = $2 AND state NOT IN ('stopped', 'paused') RETURNING 1`,
    [account, loop, seconds],
  );
  return rows.length > 0;
}

/** The switch is on: the loop is scheduled (again). */
export async function markScheduled(db: Queryable, account: number, loop: TradingLoopName): Promise<void> {
  await ensureLoopRow(db, account, loop);
  await db.query(
    `UPDATE bot_trading_loop SET stop_pending = false, updated_at = now(),
       state = CASE WHEN state IN ('off', 'stopped') THEN 'scheduled' ELSE state END
     WHERE market_account = $1 AND loop = $2`,
    [account, loop],
  );
}

/**
 * The switch went off: exactly one caller (dispatcher or tick, in any process) wins the move to
 * "stopped" and owes the loop's stop; the others get false.
 */
export async function beginStop(db: Queryable, account: number, loop: TradingLoopName): Promise<boolean> {
  const rows = await db.query(
    `UPDATE bot_trading_loop SET state = 'stopped', stop_pending = true, next_run_at = NULL, updated_at = now()
     WHERE market_account = $1 AND loop = $2 AND state IN ('scheduled', 'running', 'failed')
     RETURNING 1`,
    [account, loop],
  );
  return rows.length > 0;
}

/** The stop ran (or is no longer wanted): true when this caller cleared it. */
export async function endStop(db: Queryable, account: number, loop: TradingLoopName): Promise<boolean> {
  const rows = await db.query(
    `UPDATE bot_trading_loop SET stop_pending = false, updated_at = now()
     WHERE market_account = $1 AND loop = $2 AND stop_pending RETURNING 1`,
    [account, loop],
  );
  return rows.length > 0;
}

export async function readLoopRows(db: Queryable, account?: number): Promise<LoopRow[]> {
  return db.query<LoopRow & Record<string, unknown>>(
    `SELECT market_account, loop, state, last_run_at, next_run_at, last_summary, last_error, last_job::text,
            running_job::text, lease_until, stop_pending, recent_actions
     FROM bot_trading_loop WHERE $1::int IS NULL OR market_account = $1 ORDER BY market_account, loop`,
    [account ?? null],
  );
}

/** Notes the loop's last error without changing its state (a stop that failed for good). */
export async function noteLoopError(
  db: Queryable,
  account: number,
  loop: TradingLoopName,
  error: string,
): Promise<void> {
  await db.query(
    `UPDATE bot_trading_loop SET last_error = $3, updated_at = now() WHERE market_account = $1 AND loop = $2`,
    [account, loop, error.slice(0, 2000)],
  );
}

/** Notes the loop's last summary without changing its state (a stop that ran). */
export async function noteLoopSummary(
  db: Queryable,
  account: number,
  loop: TradingLoopName,
  summary: string,
): Promise<void> {
  await db.query(
    `UPDATE bot_trading_loop SET last_summary = $3, updated_at = now() WHERE market_account = $1 AND loop = $2`,
    [account, loop, summary],
  );
}

/** Whether the tick's job still holds the loop and whether its lease ran out; null without a row. */
export async function loadTickLease(
  db: Queryable,
  account: number,
  loop: TradingLoopName,
  jobId: string,
): Promise<{ holds: boolean; expired: boolean } | null> {
  const [row] = await db.query<{ holds: boolean; expired: boolean }>(
    `SELECT running_job = $3::uuid AS holds, lease_until < now() AS expired
     FROM bot_trading_loop WHERE market_account = $1 AND loop = $2`,
    [account, loop, jobId],
  );
  return row ?? null;
}

/** Every live or paused loop of the account: "paused" with the reason, no next tick. */
export async function pauseAccountLoops(db: Queryable, account: number, reason: string): Promise<void> {
  await db.query(
    `UPDATE bot_trading_loop SET state = 'paused', last_error = $2, next_run_at = NULL, updated_at = now()
     WHERE market_account = $1 AND state IN ('scheduled', 'running', 'failed', 'paused')`,
    [account, `paused: ${reason}`.slice(0, 2000)],
  );
}

/** One live loop of the account: "paused" with the reason, no next tick. */
export async function pauseLoop(db: Queryable, account: number, loop: string, reason: string): Promise<void> {
  await db.query(
    `UPDATE bot_trading_loop SET state = 'paused', last_error = $3, next_run_at = NULL, updated_at = now()
     WHERE market_account = $1 AND loop = $2 AND state IN ('scheduled', 'running', 'failed')`,
    [account, loop, `paused: ${reason}`.slice(0, 2000)],
  );
}

/** The account's paused loops are "scheduled" again (the dispatcher starts their chains). */
export async function resumePausedLoops(db: Queryable, account: number): Promise<void> {
  await db.query(
    `UPDATE bot_trading_loop SET state = 'scheduled', last_error = NULL, updated_at = now()
     WHERE market_account = $1 AND state = 'paused'`,
    [account],
  );
}
