import { randomBytes } from 'node:crypto';

import { anyOperatorExists, insertOperator, upsertOperator, type Database } from '@toydesk/db';
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
    await upsertOperator(db, username, await hashPassword(password));
    return { username };
  }
  if (await anyOperatorExists(db)) return null;
  const generated = randomBytes(12).toString('base64url');
  await insertOperator(db, username, await hashPassword(generated));
  return { username, generatedPassword: generated };
}
