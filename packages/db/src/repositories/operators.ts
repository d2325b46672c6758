import type { Database, Queryable } from '../database.ts';

/**
 * The operators repository (tables operator, operator_session and login_failure, migration 001): the
 * console's users, their sessions (with each session's bot token, migration 021) and the failed logins the
 * login limiter counts. Passwords and session and bot tokens reach the database as hashes only.
 */

/** A signed-in operator as a request sees it. */
export interface Operator {
  id: number;
  username: string;
}

/** Creates the operator, or gives an existing one this password and switches it on again. */
export async function upsertOperator(db: Queryable, username: string, passwordHash: string): Promise<void> {
  await db.query(
    `INSERT INTO operator (username, password_hash) VALUES ($1, $2)
     ON CONFLICT (username) DO UPDATE SET password_hash = EXCLUDED.password_hash, is_active = true`,
    [username, passwordHash],
  );
}

export async function anyOperatorExists(db: Queryable): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM operator LIMIT 1');
  return rows.length > 0;
}

export async function insertOperator(db: Queryable, username: string, passwordHash: string): Promise<void> {
  await db.query('INSERT INTO operator (username, password_hash) VALUES ($1, $2)', [username, passwordHash]);
}

/** An active operator by name with the password hash a login checks. */
export async function findActiveOperatorLogin(
  db: Queryable,
  username: string,
): Promise<(Operator & { passwordHash: string }) | null> {
  const [row] = await db.query<{ id: number; username: string; password_hash: string }>(
    'SELECT id, username, password_hash FROM operator WHERE username = $1 AND is_active',
    [username],
  );
  return row ? { id: row.id, username: row.username, passwordHash: row.password_hash } : null;
}

/**
 * Stores a password's new hash (made with today's parameters at a login), unless the password was changed
 * meanwhile: the old hash must still be the stored one.
 */
export async function replacePasswordHash(
  db: Queryable,
  operatorId: number,
  oldHash: string,
  newHash: string,
): Promise<void> {
  await db.query('UPDATE operator SET password_hash = $3 WHERE id = $1 AND password_hash = $2', [
    operatorId,
    oldHash,
    newHash,
  ]);
}

/** A session's secrets as stored: hashes only (the server hashes them, `hashSecretToken` of api-kit). */
export interface SessionTokenHashes {
  /** Of the session cookie. */
  tokenHash: string;
  /** Of the session's app token for the bot services (X-App-Token). */
  botTokenHash: string;
}

/** Opens a session for `days` and notes the login; now and then sweeps the expired sessions. */
export async function insertOperatorSession(
  db: Queryable,
  hashes: SessionTokenHashes,
  operatorId: number,
  days: number,
): Promise<void> {
  await db.query(
    `INSERT INTO operator_session (token_hash, bot_token_hash, operator_id, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(days => $4))`,
    [hashes.tokenHash, hashes.botTokenHash, operatorId, days],
  );
  await db.query('UPDATE operator SET last_login_at = now() WHERE id = $1', [operatorId]);
  // Sweep expired sessions now and then instead of on a timer.
  if (Math.random() < 0.05) await db.query('DELETE FROM operator_session WHERE expires_at < now()');
}

/** The active operator of an unexpired session found by one of its token hashes. */
async function operatorOfSession(
  db: Queryable,
  column: 'token_hash' | 'bot_token_hash',
  hash: string,
): Promise<Operator | null> {
  const [row] = await db.query<{ id: number; username: string }>(
    `SELECT o.id, o.username FROM operator_session s JOIN operator o ON o.id = s.operator_id
     WHERE s.${column} = $1 AND s.expires_at > now() AND o.is_active`,
    [hash],
  );
  return row ?? null;
}

/**
 * The active operator whose unexpired session holds this bot token (the bot services' check): logout,
 * expiry and switching the operator off end the token with the session.
 */
export function findBotTokenOperator(db: Queryable, botTokenHash: string): Promise<Operator | null> {
  return operatorOfSession(db, 'bot_token_hash', botTokenHash);
}

/** The active operator of a session that has not expired. */
export function findSessionOperator(db: Queryable, tokenHash: string): Promise<Operator | null> {
  return operatorOfSession(db, 'token_hash', tokenHash);
}

export async function deleteOperatorSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('DELETE FROM operator_session WHERE token_hash = $1', [tokenHash]);
}

/** Failed logins per key (`user:<name>`, `ip:<address>`) in the last `minutes`. */
export async function countLoginFailures(
  db: Queryable,
  keys: readonly string[],
  minutes: number,
): Promise<Map<string, number>> {
  const rows = await db.query<{ key: string; n: number }>(
    `SELECT key, count(*)::int AS n FROM login_failure
     WHERE key = ANY($1::text[]) AND at > now() - make_interval(mins => $2) GROUP BY key`,
    [[...keys], minutes],
  );
  return new Map(rows.map((row) => [row.key, row.n]));
}

/** Forgets the key's failures, and everyone's older than a day. */
export async function deleteLoginFailures(db: Queryable, key: string): Promise<void> {
  await db.query(`DELETE FROM login_failure WHERE key = $1 OR at < now() - interval '1 day'`, [key]);
}

/** A key of the login limiter and how many failures it may have in the window. */
export interface LoginFailureLimit {
  key: string;
  max: number;
}

/**
 * Counts an attempt as failed before its password is checked, unless a key is at its limit (then null):
 * parallel attempts are serialised per key (an advisory lock), so 60 at once cannot all pass the count
 * before any failure is written. The caller forgets the returned rows when the password was right.
 */
export async function reserveLoginFailures(
  db: Database,
  limits: readonly LoginFailureLimit[],
  minutes: number,
): Promise<number[] | null> {
  const keys = [...new Set(limits.map((limit) => limit.key))].sort();
  return db.transaction(async (tx) => {
    // Sorted keys, so two attempts never wait on each other's locks in opposite orders.
    for (const key of keys)
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('login_failure:' || $1))`, [key]);
    const counts = await countLoginFailures(tx, keys, minutes);
    if (limits.some((limit) => (counts.get(limit.key) ?? 0) >= limit.max)) return null;
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO login_failure (key) SELECT unnest($1::text[]) RETURNING id`,
      [keys],
    );
    return rows.map((row) => row.id);
  });
}

/** Forgets reserved failures (the password was right). */
export async function deleteLoginFailuresById(db: Queryable, ids: readonly number[]): Promise<void> {
  await db.query('DELETE FROM login_failure WHERE id = ANY($1::int[])', [[...ids]]);
}
