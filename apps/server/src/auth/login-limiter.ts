import { countLoginFailures, deleteLoginFailures, insertLoginFailures, type Database } from '@toydesk/db';

/** Failed logins allowed within the window, per account and per client address. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_IP = 20;
const WINDOW_MINUTES = 15;

/** Kept in the database so that the limit holds across server processes. */
export async function isLoginBlocked(db: Database, username: string, ip: string): Promise<boolean> {
  const failures = await countLoginFailures(db, [userKey(username), `ip:${ip}`], WINDOW_MINUTES);
  return (
    (failures.get(userKey(username)) ?? 0) >= MAX_FAILURES_PER_ACCOUNT ||
    (failures.get(`ip:${ip}`) ?? 0) >= MAX_FAILURES_PER_IP
  );
}

export async function recordLoginFailure(db: Database, username: string, ip: string): Promise<void> {
  await insertLoginFailures(db, [userKey(username), `ip:${ip}`]);
}

export async function clearLoginFailures(db: Database, username: string): Promise<void> {
  await deleteLoginFailures(db, userKey(username));
}

const userKey = (username: string) => `user:${username.toLowerCase()}`;
