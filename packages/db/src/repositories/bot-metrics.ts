import type { Queryable } from '../database.ts';
import { PGBOSS_SCHEMA } from './bot-jobs.ts';

/** Jobs waiting to run in one lane (pg-boss queue) and how long the oldest has waited. */
export interface LaneBacklog {
  lane: string;
  waiting: number;
  oldest_seconds: number;
}

/** The figures `/metrics` reads from the database at each scrape, each one indexed query. */
export async function readLaneBacklogs(db: Queryable): Promise<LaneBacklog[]> {
  return db.query<LaneBacklog & Record<string, unknown>>(
    `SELECT name AS lane, count(*)::int AS waiting,
            COALESCE(extract(epoch FROM now() - min(created_on)), 0)::float8 AS oldest_seconds
       FROM ${PGBOSS_SCHEMA}.job
      WHERE state IN ('created', 'retry') AND start_after <= now()
      GROUP BY name`,
  );
}

/** Per trading loop: loops switched on, and how far the most overdue tick is behind its time (0: none). */
export async function readTradingLag(
  db: Queryable,
): Promise<{ loop: string; on: number; lag_seconds: number }[]> {
  return db.query(
    `SELECT loop, count(*)::int AS on,
            COALESCE(max(extract(epoch FROM now() - next_run_at)) FILTER (WHERE next_run_at < now()), 0)::float8
              AS lag_seconds
       FROM bot_trading_loop
      WHERE state IN ('scheduled', 'running')
      GROUP BY loop`,
  );
}

/** Alerts nobody has acknowledged, by severity. */
export async function readOpenAlerts(db: Queryable): Promise<{ severity: string; open: number }[]> {
  return db.query(
    `SELECT severity, count(*)::int AS open FROM bot_alert WHERE acknowledged_at IS NULL GROUP BY severity`,
  );
}

/** Deliveries not yet final (pending, sent, trade_ready), by state. */
export async function readUnfinishedDeliveries(db: Queryable): Promise<{ state: string; count: number }[]> {
  return db.query(
    `SELECT state, count(*)::int AS count FROM bot_delivery
      WHERE state IN ('pending', 'sent', 'trade_ready') GROUP BY state`,
  );
}
