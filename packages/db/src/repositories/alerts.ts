import type { BotAlert } from '@toydesk/contract';

import type { Queryable } from '../database.ts';

/**
 * The alerts repository (table bot_alert, migration 011): what the console's alert list shows, raised by the
 * bot services (and, for spending, by the market proxy: spend/spend-alert.ts), acknowledged by an operator or
 * resolved by the bots when the cause is gone.
 */

/** An alert to raise; kind is one of BotAlert's kinds (the bots' AlertKind names them). */
export interface NewAlert {
  kind: string;
  severity: BotAlert['severity'];
  message: string;
  marketAccount?: number | null;
  steamAccount?: number | null;
  proxy?: number | null;
  details?: Record<string, unknown>;
}

const COLUMNS = `id, kind, severity, message, market_account, steam_account, proxy, details, count, first_at,
  last_at, acknowledged_at`;

/**
 * Raises an alert, or counts up the open one of the same kind for the same market account, Steam
 * account and proxy (the partial unique index bot_alert_open_idx): the console shows one line per cause
 * with how often and when last, not a flood. The message and details of the latest raise win.
 */
export async function raiseAlert(db: Queryable, input: NewAlert): Promise<BotAlert> {
  const [row] = await db.query<BotAlert>(
    `INSERT INTO bot_alert (kind, severity, message, market_account, steam_account, proxy, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)
     ON CONFLICT (kind, COALESCE(market_account, 0), COALESCE(steam_account, 0), COALESCE(proxy, 0))
       WHERE acknowledged_at IS NULL
     DO UPDATE SET count = bot_alert.count + 1, last_at = now(), message = excluded.message,
       severity = excluded.severity, details = excluded.details
     RETURNING ${COLUMNS}`,
    [
      input.kind,
      input.severity,
      input.message.slice(0, 2000),
      input.marketAccount ?? null,
      input.steamAccount ?? null,
      input.proxy ?? null,
      JSON.stringify(input.details ?? {}),
    ],
  );
  return row!;
}

export interface AlertFilter {
  acknowledged?: boolean;
  afterId?: number;
  marketAccount?: number;
}

/** Alerts newest first, with their total for the page. */
export async function listAlerts(
  db: Queryable,
  filter: AlertFilter,
  page: number,
  pageSize: number,
): Promise<{ count: number; results: BotAlert[] }> {
  const where = `($1::boolean IS NULL OR (acknowledged_at IS NOT NULL) = $1)
    AND ($2::int IS NULL OR id > $2) AND ($3::int IS NULL OR market_account = $3)`;
  const params = [filter.acknowledged ?? null, filter.afterId ?? null, filter.marketAccount ?? null];
  const [counted] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM bot_alert WHERE ${where}`,
    params,
  );
  const results = await db.query<BotAlert>(
    `SELECT ${COLUMNS} FROM bot_alert WHERE ${where} ORDER BY id DESC
     LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    params,
  );
  return { count: counted?.count ?? 0, results };
}

/** Acknowledges one alert (again: unchanged); null when there is none. */
export async function ackAlert(db: Queryable, id: number): Promise<BotAlert | null> {
  const [row] = await db.query<BotAlert>(
    `UPDATE bot_alert SET acknowledged_at = COALESCE(acknowledged_at, now()) WHERE id = $1 RETURNING ${COLUMNS}`,
    [id],
  );
  return row ?? null;
}

export async function ackAllAlerts(db: Queryable): Promise<number> {
  const rows = await db.query(
    'UPDATE bot_alert SET acknowledged_at = now() WHERE acknowledged_at IS NULL RETURNING id',
  );
  return rows.length;
}

/**
 * Resolves the open alert of `kind` for the market account: acknowledged now by the bots, its details
 * marked resolved (the cause went away, nobody acknowledged it).
 */
export async function resolveOpenAlert(db: Queryable, kind: string, marketAccount: number): Promise<void> {
  await db.query(
    `UPDATE bot_alert SET acknowledged_at = now(),
       details = details || jsonb_build_object('resolved', true, 'resolved_at', now())
     WHERE kind = $1 AND market_account = $2 AND acknowledged_at IS NULL`,
    [kind, marketAccount],
  );
}
