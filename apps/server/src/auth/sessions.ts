import { botTokenOf, hashSecretToken, newSecretToken, sessionTokenHashes } from '@toydesk/api-kit';
import {
  deleteOperatorSession,
  findSessionOperator,
  insertOperatorSession,
  type Database,
  type Operator,
} from '@toydesk/db';
import type { FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'toydesk_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

export const newToken = newSecretToken;

/**
 * Sessions live in the database (only hashes of the cookie and of the session's bot token), so any server
 * or bot service process can check any request.
 */
export async function createSession(db: Database, operatorId: number, days: number): Promise<string> {
  const token = newToken();
  await insertOperatorSession(db, sessionTokenHashes(token), operatorId, days);
  return token;
}

export async function findSession(db: Database, token: string | undefined): Promise<Operator | null> {
  if (!token || token.length > 200) return null;
  return findSessionOperator(db, hashSecretToken(token));
}

export async function deleteSession(db: Database, token: string | undefined): Promise<void> {
  if (token) await deleteOperatorSession(db, hashSecretToken(token));
}

/** The bot token of the request's session (the common data's bot_token), or null without a session cookie. */
export function sessionBotToken(request: FastifyRequest): string | null {
  const token = request.cookies[SESSION_COOKIE];
  return token ? botTokenOf(token) : null;
}
