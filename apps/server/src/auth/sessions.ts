import { createHash, randomBytes } from 'node:crypto';

import type { Database } from '@toydesk/db';

export const SESSION_COOKIE = 'toydesk_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

export interface Operator {
  id: number;
  username: string;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

/** Sessions live in the database (only a hash of the cookie), so any server process can serve any request. */
export async function createSession(db: Database, operatorId: number, days: number): Promise<string> {
  const token = newToken();
  await db.query(
    `INSERT INTO operator_session (token_hash, operator_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3))`,
    [hashToken(token), operatorId, days],
  );
  await db.query('UPDATE operator SET last_login_at = now() WHERE id = $1', [operatorId]);
  // Sweep expired sessions now and then instead of on a timer.
  if (Math.random() < 0.05) await db.query('DELETE FROM operator_session WHERE expires_at < now()');
  return token;
}

export async function findSession(db: Database, token: string | undefined): Promise<Operator | null> {
  if (!token || token.length > 200) return null;
  const rows = await db.query<{ id: number; username: string }>(
    `SELECT o.id, o.username FROM operator_session s JOIN operator o ON o.id = s.operator_id
     WHERE s.token_hash = $1 AND s.expires_at > now() AND o.is_active`,
    [hashToken(token)],
  );
  return rows[0] ?? null;
}

export async function deleteSession(db: Database, token: string | undefined): Promise<void> {
  if (token) await db.query('DELETE FROM operator_session WHERE token_hash = $1', [hashToken(token)]);
}
