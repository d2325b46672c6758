import {
  deleteLoginFailures,
  deleteLoginFailuresById,
  reserveLoginFailures,
  type Database,
} from '@toydesk/db';

/** Failed logins allowed within the window, per account and per client address. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_IP = 20;
const WINDOW_MINUTES = 15;

/**
 * Takes one attempt from the account's and the address's allowance before the password is checked (kept in
 * the database, so the limit holds across server processes and for parallel attempts); null when either is
 * spent. The attempt counts as failed until `forgiveAttempt` says the password was right.
 */
export async function takeLoginAttempt(db: Database, username: string, ip: string): Promise<number[] | null> {
  return reserveLoginFailures(
    db,
    [
      { key: userKey(username), max: MAX_FAILURES_PER_ACCOUNT },
      { key: `ip:${ip}`, max: MAX_FAILURES_PER_IP },
    ],
    WINDOW_MINUTES,
  );
}

/** The password was right: the attempt and the account's earlier failures are forgotten. */
export async function forgiveAttempt(db: Database, attempt: number[], username: string): Promise<void> {
  await deleteLoginFailuresById(db, attempt);
  await deleteLoginFailures(db, userKey(username));
}

const userKey = (username: string) => `user:${username.toLowerCase()}`;
