import { randomBytes } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { createVault, maskStoredSecret, type VaultPlace } from './vault.ts';

const API_KEY = 'f00dfeedcafebabe0123456789ab3f9a';
const PLACE: VaultPlace = { table: 'steam_account', column: 'password', id: 7 };

// The API's side (only masks answered, nothing logged) is apps/server/src/vault/secrets.test.ts.
describe('secrets vault', () => {
  it('seals with a fresh nonce each time and opens back', () => {
    const vault = createVault(randomBytes(32));
    const a = vault.seal('same', PLACE);
    const b = vault.seal('same', PLACE);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v2:/);
    expect(vault.open(a, PLACE)).toBe('same');
    expect(() => createVault(randomBytes(32)).open(a, PLACE)).toThrow();
    expect(maskStoredSecret(vault.seal(API_KEY, PLACE, { hint: true }))).toBe('••••3f9a');
    expect(maskStoredSecret(vault.seal('short', PLACE))).toBe('••••••••');
  });

  it('refuses a value copied to another row, column or table', () => {
    const vault = createVault(randomBytes(32));
    const sealed = vault.seal('steam password', PLACE);
    for (const elsewhere of [
      { ...PLACE, id: 8 },
      { ...PLACE, id: '7 ' },
      { ...PLACE, column: 'email_password' },
      { ...PLACE, table: 'proxy' },
    ]) {
      expect(() => vault.open(sealed, elsewhere)).toThrow();
    }
    // Nor can a bound value be opened as an old one without its place.
    expect(() => vault.decrypt(sealed)).toThrow(/only with its place/);
  });

  it('opens v1 values (sealed before places existed) wherever they are', () => {
    const vault = createVault(randomBytes(32));
    const old = vault.encrypt('legacy');
    expect(old).toMatch(/^v1:/);
    expect(vault.decrypt(old)).toBe('legacy');
    expect(vault.open(old, PLACE)).toBe('legacy');
  });

  it('opens values under an old key given beside the current one, and seals with the current key', () => {
    const oldKey = randomBytes(32);
    const before = createVault(oldKey);
    const underOld = before.seal('kept', PLACE);
    const legacy = before.encrypt('older');
    const rotating = createVault(randomBytes(32), [oldKey]);
    expect(rotating.keyId).not.toBe(before.keyId);
    expect(rotating.open(underOld, PLACE)).toBe('kept');
    expect(rotating.open(legacy, PLACE)).toBe('older');
    expect(rotating.seal('new', PLACE).split(':')[1]).toBe(rotating.keyId);
    expect(() => createVault(randomBytes(32)).open(underOld, PLACE)).toThrow(/another master key/);
  });

  it('refuses a value whose authentication tag was cut short', () => {
    const vault = createVault(randomBytes(32));
    for (const stored of [vault.encrypt('steam password'), vault.seal('steam password', PLACE)]) {
      const parts = stored.split(':');
      // Four bytes of the tag: GCM without authTagLength checks only those, so 2^32 tries forge a value.
      const tag = Buffer.from(parts[4]!, 'base64url');
      const short = [...parts.slice(0, 4), tag.subarray(0, 4).toString('base64url'), parts[5]].join(':');
      expect(() => vault.open(short, PLACE)).toThrow('Not a vault value');
    }
  });
});
