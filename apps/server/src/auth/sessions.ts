import { createHash, randomBytes } from 'node:crypto';

import {
  deleteOperatorSession,
  findSessionOperator,
  insertOperatorSession,
  type Database,
  type Operator,
} from '@toydesk/db';

export const SESSION_COOKIE = 'toydesk_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

/** Sessions live in the database (only a hash of the cookie), so any server process can serve any request. */
export async function createSession(db: Database, operatorId: number, days: number): Promise<string> {
  const token = newToken();
  await insertOperatorSession(db, hashToken(token), operatorId, days);
  return token;
}

export async function findSession(db: Database, token: string | undefined): Promise<Operator | null> {
  if (!token || token.length > 200) return null;
  return findSessionOperator(db, hashToken(token));
}

export async function deleteSession(db: Database, token: string | undefined): Promise<void> {
  if (token) await deleteOperatorSession(db, hashToken(token));
}
