import type { Database } from '@toydesk/db';

/** Failed logins allowed within the window, per account and per client address. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_IP = 20;
const WINDOW_MINUTES = 15;

/** Kept in the database so that the limit holds across server processes. */
export async function isLoginBlocked(db: Database, username: string, ip: string): Promise<boolean> {
  const rows = await db.query<{ key: string; n: number }>(
    `SELECT key, count(*)::int AS n FROM login_failure
     WHERE key = ANY($1::text[]) AND at > now() - make_interval(mins => $2) GROUP BY key`,
    [[`user:${username.toLowerCase()}`, `ip:${ip}`], WINDOW_MINUTES],
  );
  const count = (key: string) => rows.find((r) => r.key === key)?.n ?? 0;
  return (
    count(`user:${username.toLowerCase()}`) >= MAX_FAILURES_PER_ACCOUNT ||
    count(`ip:${ip}`) >= MAX_FAILURES_PER_IP
  );
}

export async function recordLoginFailure(db: Database, username: string, ip: string): Promise<void> {
  await db.query(`INSERT INTO login_failure (key) VALUES ($1), ($2)`, [
    `user:${username.toLowerCase()}`,
    `ip:${ip}`,
  ]);
}

export async function clearLoginFailures(db: Database, username: string): Promise<void> {
  await db.query(`DELETE FROM login_failure WHERE key = $1 OR at < now() - interval '1 day'`, [
    `user:${username.toLowerCase()}`,
  ]);
}
