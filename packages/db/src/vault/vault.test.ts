import { randomBytes } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { createVault, maskStoredSecret } from './vault.ts';

const API_KEY = 'f00dfeedcafebabe0123456789ab3f9a';

// The API's side (only masks answered, nothing logged) is apps/server/src/vault/secrets.test.ts.
describe('secrets vault', () => {
  it('encrypts with a fresh nonce each time and decrypts back', () => {
    const vault = createVault(randomBytes(32));
    const a = vault.encrypt('same');
    const b = vault.encrypt('same');
    expect(a).not.toBe(b);
    expect(vault.decrypt(a)).toBe('same');
    expect(() => createVault(randomBytes(32)).decrypt(a)).toThrow();
    expect(maskStoredSecret(vault.encrypt(API_KEY, { hint: true }))).toBe('••••3f9a');
    expect(maskStoredSecret(vault.encrypt('short'))).toBe('••••••••');
  });
});
