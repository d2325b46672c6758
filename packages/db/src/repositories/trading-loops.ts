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
  /** False for a manual tick with the switch off: the loop's state stays as it is. */
  markRunning = true,
): Promise<boolean> {
  // One statement (a tick's overhead counts: deliver ticks every 5 s per account): the row is created on
  // the loop's first tick, and taken unless another tick holds an unexpired lease.
  const rows = await db.query(
    `INSERT INTO bot_trading_loop AS l (market_account, loop, state, running_job, lease_until, last_job)
     VALUES ($1, $2, CASE WHEN $5 THEN 'running' ELSE 'off' END, $3::uuid,
             now() + make_interval(secs => $4), $3::uuid)
     ON CONFLICT (market_account, loop) DO UPDATE SET running_job = excluded.running_job,
       lease_until = excluded.lease_until, last_job = excluded.last_job, updated_at = now(),
       state = CASE WHEN $5 THEN 'running' ELSE l.state END
     WHERE l.running_job IS NULL OR l.running_job = $3::uuid OR l.lease_until < now()
     RETURNING 1`,
    [account, loop, jobId, leaseSeconds, markRunning],
  );
  return rows.length > 0;
}

/** Records how a tick ended and lets the loop go. */
export async function finishTick(
  db: Queryable,
  account: number,
  loop: TradingLoopName,
  jobId: string,
  /**
   * state null: unchanged (a manual tick with the switch off). nextRunSeconds: also record when the next
   * tick is due, in the same statement, unless the loop ends up stopped or paused.
   */
  outcome: { summary: string | null; error: string | null; state: LoopState | null; nextRunSeconds?: number },
): Promise<{ nextRunSet: boolean }> {
  const rows = await db.query<{ next_run_set: boolean }>(
    `WITH upd AS (
       UPDATE bot_trading_loop SET running_job = NULL, lease_until = NULL, last_run_at = now(),
         last_summary = $4, last_error = $5,
         -- a stop that came in while the tick ran wins over the tick's own ending, and so does a pause (a
         -- rejected key seen by another loop of the account)
         state = CASE WHEN state IN ('stopped', 'paused') OR $6::text IS NULL THEN state ELSE $6 END,
         next_run_at = CASE
           WHEN $7::float8 IS NULL
             OR (CASE WHEN state IN ('stopped', 'paused') OR $6::text IS NULL THEN state ELSE $6 END)
                IN ('stopped', 'paused')
           THEN next_run_at ELSE now() + make_interval(secs => $7::float8) END,
         updated_at = now()
       WHERE market_account = $1 AND loop = $2 AND running_job = $3::uuid
       RETURNING state, next_run_at)
     SELECT ($7::float8 IS NOT NULL AND state NOT IN ('stopped', 'paused')) AS next_run_set FROM upd`,
    [
      account,
      loop,
      jobId,
      outcome.summary?.slice(0, 2000) ?? null,
      outcome.error?.slice(0, 2000) ?? null,
      outcome.state,
      outcome.nextRunSeconds ?? null,
    ],
  );
  return { nextRunSet: rows[0]?.next_run_set === true };
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
