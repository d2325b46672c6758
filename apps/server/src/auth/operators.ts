import { randomBytes } from 'node:crypto';

import type { Database } from '@toydesk/db';
import { hashPassword } from './password-hash.ts';

/**
 * Start-up: TOYDESK_ADMIN_USER/TOYDESK_ADMIN_PASSWORD create or update that operator; with no operator at
 * all and no password given, one is created with a random password, returned so that it is printed once.
 */
export async function ensureAdminOperator(
  db: Database,
  username: string,
  password: string | undefined,
): Promise<{ username: string; generatedPassword?: string } | null> {
  if (password) {
    const hash = await hashPassword(password);
    await db.query(
      `INSERT INTO operator (username, password_hash) VALUES ($1, $2)
       ON CONFLICT (username) DO UPDATE SET password_hash = EXCLUDED.password_hash, is_active = true`,
      [username, hash],
    );
    return { username };
  }
  const existing = await db.query('SELECT 1 FROM operator LIMIT 1');
  if (existing.length > 0) return null;
  const generated = randomBytes(12).toString('base64url');
  await db.query('INSERT INTO operator (username, password_hash) VALUES ($1, $2)', [
    username,
    await hashPassword(generated),
  ]);
  return { username, generatedPassword: generated };
}
