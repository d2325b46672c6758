import {
  checkDailyCap,
  type GuardRefusal,
  type MarketSpend,
  type SpendGuard,
  type SpendGuardInput,
  type SpendGuardView,
  type SpendState,
} from '@toydesk/contract';

import type { Database, Queryable } from '../database.ts';

/**
 * The spend guards and spending calls in the database (migration 015), shared by the console's market
 * proxy and the bots: what is spent today is a sum over market_spend, so every process sees the others'
 * spending, and a reservation takes the account's row lock so two processes cannot both fit under the cap.
 */

const TODAY = `(now() AT TIME ZONE 'UTC')::date`;

const SPEND_COLUMNS = `id, market_account, market, call, custom_id, source, subject, amount::text AS amount,
  currency, day::text AS day, state, detail, checks, created_at, settled_at`;

export async function loadSpendGuard(db: Queryable, marketAccount: number): Promise<SpendGuard | null> {
  const [row] = await db.query<{
    daily_cap: string | null;
    currency: string;
    max_price_percent: number | null;
  }>(
    'SELECT daily_cap::text AS daily_cap, currency, max_price_percent FROM market_spend_guard WHERE market_account = $1',
    [marketAccount],
  );
  if (!row) return null;
  return { dailyCap: row.daily_cap, currency: row.currency, maxPricePercent: row.max_price_percent };
}

/** Spent today (UTC) in `currency`: every call but those that surely did not happen. */
export async function spentToday(db: Queryable, marketAccount: number, currency: string): Promise<string> {
  const [row] = await db.query<{ spent: string }>(
    `SELECT COALESCE(sum(amount), 0)::text AS spent FROM market_spend
     WHERE market_account = $1 AND day = ${TODAY} AND currency = $2 AND state <> 'not_done'`,
    [marketAccount, currency],
  );
  return row?.spent ?? '0';
}

/** The guards with today's spending; the account's own currency when no guard is saved yet. */
export async function spendGuardView(db: Queryable, marketAccount: number): Promise<SpendGuardView | null> {
  const [row] = await db.query<{
    currency: string;
    daily_cap: string | null;
    max_price_percent: number | null;
    updated_at: string | null;
  }>(
    `SELECT COALESCE(g.currency, a.currency) AS currency, g.daily_cap::text AS daily_cap, g.max_price_percent,
       g.updated_at
     FROM market_account a LEFT JOIN market_spend_guard g ON g.market_account = a.id WHERE a.id = $1`,
    [marketAccount],
  );
  if (!row) return null;
  const [unknown] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM market_spend
     WHERE market_account = $1 AND day = ${TODAY} AND state IN ('unknown', 'reserved')`,
    [marketAccount],
  );
  return {
    market_account: marketAccount,
    daily_cap: row.daily_cap,
    currency: row.currency,
    max_price_percent: row.max_price_percent,
    spent_today: await spentToday(db, marketAccount, row.currency),
    unknown_today: unknown?.n ?? 0,
    updated_at: row.updated_at,
  };
}

/** The guards and today's spending of every account that has a guard or spent today (the accounts list). */
export async function listSpendGuardViews(db: Queryable): Promise<SpendGuardView[]> {
  return db.query<SpendGuardView>(
    `WITH today AS (
       SELECT market_account, currency, sum(amount) FILTER (WHERE state <> 'not_done') AS spent,
         count(*) FILTER (WHERE state IN ('unknown', 'reserved'))::int AS open
       FROM market_spend WHERE day = ${TODAY} GROUP BY market_account, currency)
     SELECT a.id AS market_account, g.daily_cap::text AS daily_cap, COALESCE(g.currency, a.currency) AS currency,
       g.max_price_percent, COALESCE(t.spent, 0)::text AS spent_today,
       COALESCE((SELECT sum(open) FROM today o WHERE o.market_account = a.id), 0)::int AS unknown_today,
       g.updated_at
     FROM market_account a
     LEFT JOIN market_spend_guard g ON g.market_account = a.id
     LEFT JOIN today t ON t.market_account = a.id AND t.currency = COALESCE(g.currency, a.currency)
     WHERE g.market_account IS NOT NULL OR EXISTS (SELECT 1 FROM today x WHERE x.market_account = a.id)
     ORDER BY a.id`,
  );
}

/** Saves both guards (the cap in the account's current currency); null if the account does not exist. */
export async function saveSpendGuard(
  db: Queryable,
  marketAccount: number,
  input: SpendGuardInput,
): Promise<SpendGuardView | null> {
  const rows = await db.query(
    `INSERT INTO market_spend_guard (market_account, daily_cap, currency, max_price_percent)
     SELECT id, $2::numeric, currency, $3 FROM market_account WHERE id = $1
     ON CONFLICT (market_account) DO UPDATE SET daily_cap = excluded.daily_cap, currency = excluded.currency,
       max_price_percent = excluded.max_price_percent, updated_at = now()
     RETURNING market_account`,
    [marketAccount, input.daily_cap, input.max_price_percent],
  );
  if (rows.length === 0) return null;
  return spendGuardView(db, marketAccount);
}

export interface SpendRequest {
  marketAccount: number;
  market: string;
  /** buy, set-order, money-send */
  call: string;
  customId: string;
  /** proxy, or the loop's name */
  source: string;
  subject: string | null;
  /** The most the call can spend, major units. */
  amount: string;
  currency: string;
  lookup?: Record<string, unknown>;
}

export type Reservation =
  | { kind: 'reserved'; spend: MarketSpend }
  /** The same custom_id is done, in flight or unknown: its row, unchanged (nothing is sent again). */
  | { kind: 'existing'; spend: MarketSpend }
  | { kind: 'refused'; refusal: GuardRefusal; spentToday: string };

/**
 * Counts a spending call against the daily cap before it goes out, or refuses it. The account row's lock
 * orders concurrent reservations of one account across processes.
 */
export async function reserveSpend(db: Database, request: SpendRequest): Promise<Reservation> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM market_account WHERE id = $1 FOR UPDATE', [request.marketAccount]);
    const [existing] = await tx.query<MarketSpend>(
      `SELECT ${SPEND_COLUMNS} FROM market_spend WHERE market_account = $1 AND call = $2 AND custom_id = $3`,
      [request.marketAccount, request.call, request.customId],
    );
    // Done, in flight or being checked: never sent again. A second send would share this row, and its
    // answer (say, "custom_id already used") would settle the first call's outcome wrongly.
    if (existing && existing.state !== 'not_done') return { kind: 'existing', spend: existing };
    // One that surely did not happen counts again.
    const refused = await checkSpend(tx, request);
    if (refused) return refused;
    if (existing) {
      const [again] = await tx.query<MarketSpend>(
        // A new attempt: today's day and this amount count against the cap, and its age restarts (the bots'
        // check takes an old reservation for a dead process's and may settle it while this one is in flight).
        `UPDATE market_spend SET state = 'reserved', settled_at = NULL, amount = $2, currency = $3, day = ${TODAY},
           created_at = now(), checked_at = NULL, checks = 0
         WHERE id = $1 RETURNING ${SPEND_COLUMNS}`,
        [existing.id, request.amount, request.currency],
      );
      return { kind: 'reserved', spend: again! };
    }
    const [spend] = await tx.query<MarketSpend>(
      `INSERT INTO market_spend (market_account, market, call, custom_id, source, subject, amount, currency, state,
         lookup)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'reserved', $9::jsonb) RETURNING ${SPEND_COLUMNS}`,
      [...spendKeyValues(request), JSON.stringify(request.lookup ?? {})],
    );
    return { kind: 'reserved', spend: spend! };
  });
}

/** $1 to $8 of an INSERT into market_spend: the account, market, call, custom_id, source, subject and amount. */
function spendKeyValues(request: SpendRequest): unknown[] {
  const { marketAccount, market, call, customId, source, subject, amount, currency } = request;
  return [marketAccount, market, call, customId, source, subject, amount, currency];
}

/** The daily cap's verdict without reserving anything (dry run, buy orders that spend only when filled). */
export async function checkSpend(
  db: Queryable,
  request: Pick<SpendRequest, 'marketAccount' | 'amount' | 'currency'>,
): Promise<Extract<Reservation, { kind: 'refused' }> | null> {
  const guard = await loadSpendGuard(db, request.marketAccount);
  if (!guard || guard.dailyCap === null) return null;
  const spent = await spentToday(db, request.marketAccount, guard.currency);
  const refusal = checkDailyCap(guard, request.amount, request.currency, spent);
  return refusal ? { kind: 'refused', refusal, spentToday: spent } : null;
}

/**
 * Records a spend that already happened (a filled buy order) once per key; the amount counts against
 * today's cap from then on.
 */
export async function recordDoneSpend(
  db: Queryable,
  request: SpendRequest,
  detail: string | null,
  /** The UTC day it happened (YYYY-MM-DD); today when not given. */
  day?: string,
) {
  await db.query(
    `INSERT INTO market_spend (market_account, market, call, custom_id, source, subject, amount, currency, state,
       detail, settled_at, day)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'done', $9, now(), COALESCE($10::date, ${TODAY}))
     ON CONFLICT (market_account, call, custom_id) DO NOTHING`,
    [...spendKeyValues(request), detail, day ?? null],
  );
}

/** Moves a spending call to its state; done and not_done are final, unknown counts a check. */
export async function settleSpend(
  db: Queryable,
  id: number,
  state: Exclude<SpendState, 'reserved'>,
  detail: string | null,
): Promise<MarketSpend | null> {
  const [row] = await db.query<MarketSpend>(
    `UPDATE market_spend SET state = $2, detail = COALESCE($3, detail), checks = checks + 1, checked_at = now(),
       settled_at = CASE WHEN $2 IN ('done', 'not_done') THEN now() ELSE NULL END
     WHERE id = $1 AND state IN ('reserved', 'unknown') RETURNING ${SPEND_COLUMNS}`,
    [id, state, detail?.slice(0, 2000) ?? null],
  );
  return row ?? null;
}

export type UnsettledSpend = MarketSpend & { lookup: Record<string, unknown> };

export async function findSpend(
  db: Queryable,
  marketAccount: number,
  call: string,
  customId: string,
): Promise<MarketSpend | null> {
  const [row] = await db.query<MarketSpend>(
    `SELECT ${SPEND_COLUMNS} FROM market_spend WHERE market_account = $1 AND call = $2 AND custom_id = $3`,
    [marketAccount, call, customId],
  );
  return row ?? null;
}

/** A market account's spending calls, newest first (the console's list). */
export async function listSpends(
  db: Queryable,
  marketAccount: number,
  limit: number,
): Promise<MarketSpend[]> {
  return db.query<MarketSpend>(
    `SELECT ${SPEND_COLUMNS} FROM market_spend WHERE market_account = $1 ORDER BY id DESC LIMIT $2`,
    [marketAccount, limit],
  );
}

/**
 * Claims the open spending calls due for a check (unknown ones, and reservations older than `staleSeconds`,
 * not checked for `checkSeconds`), at most 100, in one statement that moves checked_at, so processes
 * claiming together each get other calls.
 */
export async function claimDueSpendChecks(
  db: Queryable,
  checkSeconds: number,
  staleSeconds: number,
): Promise<number[]> {
  const due = await db.query<{ id: number }>(
    `UPDATE market_spend SET checked_at = now()
     WHERE id IN (
       SELECT id FROM market_spend
       WHERE (state = 'unknown' OR (state = 'reserved' AND created_at < now() - make_interval(secs => $2)))
         AND (checked_at IS NULL OR checked_at < now() - make_interval(secs => $1))
       ORDER BY checked_at NULLS FIRST, id LIMIT 100)
     RETURNING id`,
    [checkSeconds, staleSeconds],
  );
  return due.map((row) => row.id);
}

/** One spending call with what its lookup needs and its age in seconds; null when there is none. */
export async function loadSpendForCheck(
  db: Queryable,
  id: number,
): Promise<(UnsettledSpend & { age_seconds: number }) | null> {
  const [spend] = await db.query<UnsettledSpend & { age_seconds: number }>(
    `SELECT id, market_account, market, call, custom_id, source, subject, amount::text AS amount, currency,
       day::text AS day, state, detail, checks, created_at, settled_at, lookup,
       extract(epoch FROM now() - created_at)::int AS age_seconds
     FROM market_spend WHERE id = $1`,
    [id],
  );
  return spend ?? null;
}
