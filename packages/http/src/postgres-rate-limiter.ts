import type { RateLimitGrant, RateLimiter } from './rate-limiter.ts';
import { sleep as defaultSleep } from './sleep.ts';

type SqlRow = Record<string, unknown>;

/** The little of a database the limiter needs; the server's `Database` and a wrapped `pg.Pool` fit. */
export interface RateLimitQueryable {
  query<R extends SqlRow = SqlRow>(sql: string, params?: readonly unknown[]): Promise<R[]>;
}
export interface RateLimitDatabase extends RateLimitQueryable {
  transaction<T>(fn: (q: RateLimitQueryable) => Promise<T>): Promise<T>;
}

export interface PostgresRateLimiterOptions {
  db: RateLimitDatabase;
  /** Tokens per window and key. A key has one limit: every process must use the same limit and window. */
  limit: number;
  windowMs: number;
  /**
   * Added to the window when counting (default 100 ms). A token is stamped by the database before the
   * request leaves the process, and two requests a full window apart by stamp arrive closer than that at
   * the marketplace when the first one left late: commit, a busy event loop, a cold connection (a new TLS
   * handshake alone takes more than 25 ms). The margin absorbs that jitter; at 5 per second, 100 ms costs
   * 9% of the throughput, which is cheap next to a deleted API key.
   */
  safetyMarginMs?: number;
  /**
   * Count each token from the answer of its request instead of from the grant (the transport reports the
   * answer through the grant, see RateLimitGrant): a request then reaches the marketplace while its token
   * is still counted, however long the process took between grant and send, so no window of `windowMs`
   * at the marketplace can see more than `limit` requests of one key. A token whose answer never comes (a
   * timeout, a killed process) stays counted `maxHoldMs` plus the window; the transport must not send it
   * after half of `maxHoldMs` (`sendBy`), leaving the other half for the bytes to get there.
   */
  holdUntilAnswered?: { maxHoldMs: number };
  /** The transport's clock, for `sendBy` (default Date.now). */
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const DEFAULT_SAFETY_MARGIN_MS = 100;

/** How often each process drops the rows of idle keys. */
const PRUNE_EVERY_MS = 3_600_000;

/** The advisory-lock namespace of this limiter (first key of the two-key form), "http" in ASCII. */
const LOCK_CLASS = 0x68747470;

/** While every token of a key is held by a request on its way, a waiter asks again this often. */
const HELD_POLL_MS = 50;

/**
 * Design: one row per key holding the stamps of the tokens handed out in the last window (at most `limit`),
 * instead of one row per event. The log is the same sliding-window log, but the table stays as small as
 * the number of keys, a decision reads one row, and nothing has to sweep old events: each grant rewrites
 * the row with only the stamps still inside the window.
 */
const CREATE_TABLE = `
  CREATE TABLE IF NOT EXISTS http_rate_limit (
    key text PRIMARY KEY,
    stamps timestamptz[] NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
  )`;

/**
 * One decision, under the key's lock, all in database time (clock_timestamp(), so processes on several
 * machines agree on "now" whatever their own clocks say): keep the stamps still inside the window; if fewer
 * than `limit` remain, add "now" and grant; otherwise report how long until the oldest one leaves.
 * A stamp is where its token's window starts: "now" for a plain token, "now + $4 ms" for a held one (a
 * request on its way), moved back to its answer's time by RELEASE.
 */
const DECIDE = `
  WITH cur AS (
    SELECT clock_timestamp() AS now, make_interval(secs => $2::float8 / 1000) AS win
  ),
  live AS (
    SELECT coalesce(array_agg(s ORDER BY s), '{}'::timestamptz[]) AS stamps
    FROM http_rate_limit r CROSS JOIN cur CROSS JOIN LATERAL unnest(r.stamps) AS s
    WHERE r.key = $1 AND s > cur.now - cur.win
  ),
  decision AS (
    SELECT cur.now, cur.win, live.stamps, cardinality(live.stamps) < $3 AS granted FROM cur CROSS JOIN live
  ),
  saved AS (
    INSERT INTO http_rate_limit (key, stamps, updated_at)
    SELECT $1, stamps || (now + make_interval(secs => $4::float8 / 1000)), now FROM decision WHERE granted
    ON CONFLICT (key) DO UPDATE SET stamps = excluded.stamps, updated_at = excluded.updated_at
    RETURNING 1
  )
  SELECT
    granted,
    CASE WHEN granted THEN (now + make_interval(secs => $4::float8 / 1000))::text END AS stamp,
    CASE WHEN granted THEN 0
      ELSE greatest(0, extract(epoch FROM stamps[cardinality(stamps) - $3 + 1] + win - now) * 1000)
    END::float8 AS wait_ms,
    NOT granted AND stamps[cardinality(stamps) - $3 + 1] > now AS held
  FROM decision`;

/**
 * A held token's request was answered: its window starts now (database time, which is after the request
 * reached the marketplace). A stamp already gone (held past its maximum and dropped) stays gone.
 */
const RELEASE = `
  UPDATE http_rate_limit
  SET stamps[array_position(stamps, $2::timestamptz)] = clock_timestamp(), updated_at = clock_timestamp()
  WHERE key = $1 AND array_position(stamps, $2::timestamptz) IS NOT NULL`;

/**
 * A sliding-window log shared by every process that uses the same PostgreSQL database, so a marketplace
 * key's limit (tm deletes a key above 5 requests per second) holds across all workers. Calls for one key
 * are serialised by a transaction-scoped advisory lock; a caller that finds the window full sleeps outside
 * the transaction (holding no lock and no connection) and tries again.
 */
export class PostgresRateLimiter implements RateLimiter {
  private readonly db: RateLimitDatabase;
  private readonly limit: number;
  private readonly countedWindowMs: number;
  private readonly maxHoldMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private ready: Promise<void> | null = null;
  private lastPruneAt = 0;

  constructor(options: PostgresRateLimiterOptions) {
    if (!(options.limit >= 1) || !(options.windowMs > 0)) {
      throw new RangeError('PostgresRateLimiter needs limit >= 1 and windowMs > 0');
    }
    this.db = options.db;
    this.limit = Math.floor(options.limit);
    this.countedWindowMs = options.windowMs + Math.max(0, options.safetyMarginMs ?? DEFAULT_SAFETY_MARGIN_MS);
    const maxHoldMs = options.holdUntilAnswered?.maxHoldMs ?? 0;
    if (options.holdUntilAnswered !== undefined && !(maxHoldMs > 0)) {
      throw new RangeError('PostgresRateLimiter needs holdUntilAnswered.maxHoldMs > 0');
    }
    this.maxHoldMs = maxHoldMs;
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? defaultSleep;
  }

  async acquire(key: string, signal?: AbortSignal): Promise<RateLimitGrant | void> {
    await this.ensureTable();
    if (Date.now() - this.lastPruneAt > PRUNE_EVERY_MS) {
      this.lastPruneAt = Date.now();
      await this.pruneIdleKeys();
    }
    for (;;) {
      signal?.throwIfAborted();
      // Before the grant: sendBy measured from here is never later than measured from the grant itself.
      const askedAt = this.now();
      const decision = await this.db.transaction(
        async (q): Promise<{ stamp: string } | { waitMs: number; held: boolean }> => {
          await q.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [LOCK_CLASS, key]);
          const [row] = await q.query<{
            granted: boolean;
            stamp: string | null;
            wait_ms: number;
            held: boolean | null;
          }>(DECIDE, [key, this.countedWindowMs, this.limit, this.maxHoldMs]);
          return row?.granted
            ? { stamp: row.stamp ?? '' }
            : { waitMs: Math.ceil(Number(row?.wait_ms ?? this.countedWindowMs)), held: row?.held === true };
        },
      );
      if ('stamp' in decision) {
        if (this.maxHoldMs === 0) return;
        return this.grant(key, decision.stamp, askedAt + this.maxHoldMs / 2);
      }
      // A token still held (its request unanswered) leaves when its answer comes, which no stamp predicts:
      // ask again soon. A window full of answered tokens has an exact wait.
      const waitMs = decision.held ? Math.min(decision.waitMs, HELD_POLL_MS) : decision.waitMs;
      // At least 1 ms so that a rounding to 0 cannot spin on the database.
      await this.sleep(Math.max(1, waitMs), signal);
    }
  }

  private grant(key: string, stamp: string, sendBy: number): RateLimitGrant {
    let released = false;
    return {
      sendBy,
      answered: async () => {
        if (released) return;
        released = true;
        try {
          await this.db.transaction(async (q) => {
            await q.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [LOCK_CLASS, key]);
            await q.query(RELEASE, [key, stamp]);
          });
        } catch {
          // The token then stays counted until maxHoldMs is over: slower, never over the limit.
        }
      },
    };
  }

  /**
   * Drops the rows of keys unused for a day (a key's own row never grows: it is rewritten on every grant).
   * Runs by itself once an hour per process.
   */
  async pruneIdleKeys(): Promise<number> {
    await this.ensureTable();
    const rows = await this.db.query(
      `DELETE FROM http_rate_limit WHERE updated_at < clock_timestamp() - interval '1 day' RETURNING 1`,
    );
    return rows.length;
  }

  private ensureTable(): Promise<void> {
    this.ready ??= this.db
      .transaction(async (q) => {
        // Concurrent CREATE TABLE IF NOT EXISTS can still collide in the catalogue: serialise it.
        await q.query('SELECT pg_advisory_xact_lock($1::int, 0)', [LOCK_CLASS]);
        await q.query(CREATE_TABLE);
      })
      .catch((error: unknown) => {
        this.ready = null; // try again on the next call
        throw error;
      });
    return this.ready;
  }
}
