import { findActiveOperatorLogin, replacePasswordHash, type Database, type Operator } from '@toydesk/db';
import { forgiveAttempt, takeLoginAttempt } from './login-limiter.ts';
import { hashPassword, needsRehash, PASSWORD_COST, verifyPassword } from './password-hash.ts';

export type LoginResult =
  { ok: true; operator: Operator } | { ok: false; status: 400 | 429; message: string };

// Checked against when the user does not exist, so a wrong name costs as long as a wrong password.
const DUMMY_HASH = `scrypt$${PASSWORD_COST.N}$${PASSWORD_COST.r}$${PASSWORD_COST.p}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;

export async function attemptLogin(
  db: Database,
  username: string,
  password: string,
  ip: string,
): Promise<LoginResult> {
  const attempt = await takeLoginAttempt(db, username, ip);
  if (!attempt) {
    return {
      ok: false,
      status: 429,
      message:
        'Слишком много неудачных попыток входа, попробуйте через 15 минут. (Too many failed logins; try again in 15 minutes.)',
    };
  }
  const row = await findActiveOperatorLogin(db, username);
  const valid = await verifyPassword(password, row?.passwordHash ?? DUMMY_HASH);
  // A wrong password leaves the attempt counted as failed.
  if (!row || !valid) {
    return {
      ok: false,
      status: 400,
      message: 'Неверное имя пользователя или пароль. (Wrong username or password.)',
    };
  }
  await forgiveAttempt(db, attempt, username);
  // Hashes made with older parameters move to today's at the first login that knows the password.
  if (needsRehash(row.passwordHash)) {
    await replacePasswordHash(db, row.id, row.passwordHash, await hashPassword(password));
  }
  return { ok: true, operator: { id: row.id, username: row.username } };
}
