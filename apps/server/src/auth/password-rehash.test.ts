import { insertOperator } from '@toydesk/db';
import { describe, expect, it } from 'vitest';

import { useTestApp } from '../testing/use-test-app.ts';
import { hashPassword, needsRehash, PASSWORD_COST, verifyPassword } from './password-hash.ts';

const t = useTestApp();

const storedHash = async (username: string) =>
  (
    await t.services.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM operator WHERE username = $1',
      [username],
    )
  )[0]!.password_hash;

describe('password hashes', () => {
  it("are made at OWASP's current scrypt parameters (N=2^17, r=8, p=1)", async () => {
    const hash = await hashPassword('secret words');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(PASSWORD_COST).toEqual({ N: 131072, r: 8, p: 1 });
    expect(await verifyPassword('secret words', hash)).toBe(true);
    expect(await verifyPassword('secret word', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('refuse damaged hashes instead of asking scrypt for absurd memory', async () => {
    for (const stored of [
      '',
      'bcrypt$x',
      'scrypt$1048577$8$1$AA==$AA==',
      'scrypt$4294967296$8$1$AA==$AA==',
    ]) {
      expect(await verifyPassword('x', stored), stored).toBe(false);
    }
  });

  it('an operator with an N=2^15 hash logs in and their stored hash moves to the new parameters', async () => {
    const old = await hashPassword('an older password', { N: 2 ** 15, r: 8, p: 1 });
    await insertOperator(t.services.db, 'veteran', old);
    expect(needsRehash(old)).toBe(true);

    const c = t.newClient();
    expect((await c.login('veteran', 'an older password')).status).toBe(200);
    const now = await storedHash('veteran');
    expect(now).not.toBe(old);
    expect(now).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('an older password', now)).toBe(true);

    // A wrong password changes nothing; the new hash logs in again without another rewrite.
    expect((await t.newClient().login('veteran', 'wrong')).status).toBe(400);
    expect((await t.newClient().login('veteran', 'an older password')).status).toBe(200);
    expect(await storedHash('veteran')).toBe(now);
  });
});
