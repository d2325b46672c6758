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

  it('refuses a value whose authentication tag was cut short', () => {
    const vault = createVault(randomBytes(32));
    const parts = vault.encrypt('steam password').split(':');
    // Four bytes of the tag: GCM without authTagLength checks only those, so 2^32 tries forge a value.
    const tag = Buffer.from(parts[4]!, 'base64url');
    const short = [...parts.slice(0, 4), tag.subarray(0, 4).toString('base64url'), parts[5]].join(':');
    expect(() => vault.decrypt(short)).toThrow('Not a vault value');
  });
});
