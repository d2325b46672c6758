import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The secrets vault: AES-256-GCM with a fresh 12-byte nonce per value and master keys kept outside the
 * database. A stored value is "<version>:<key id>:<nonce>:<ciphertext>:<tag>:<hint>" (base64url parts); the
 * hint is what a reply may show after the mask (the last four characters of an API key, nothing for
 * passwords). The key id names the master key that sealed it, so a vault holding the current key and the
 * old ones (a rotation under way) opens values under any of them.
 *
 * - v2 (`seal`/`open`): bound to its place, the table, column and row id, as GCM additional data: the
 *   same ciphertext copied to another row or column fails its tag.
 * - v1 (`encrypt`/`decrypt`): no additional data. What every value was before v2; still opened so existing
 *   data keeps working, and rewritten as v2 by `npm run vault:rotate` (rotate-vault.ts).
 */
export const MASK = '••••';
const V1 = 'v1';
const V2 = 'v2';

/** Where a sealed value lives: its row's table, its column and the row's key (the id, as text or an int). */
export interface VaultPlace {
  table: string;
  column: string;
  id: string | number;
}

export interface SealOptions {
  hint?: boolean;
}

export interface Vault {
  /** The current key's id: what new values are sealed with. */
  readonly keyId: string;
  /** Seals a value bound to its place (v2). */
  seal(plain: string, place: VaultPlace, options?: SealOptions): string;
  /** Opens a v2 value sealed for this very place, or a v1 value (no place recorded). */
  open(stored: string, place: VaultPlace): string;
  /** The v1 form, bound to no place: for values not yet moved to v2 (callers being migrated, tests). */
  encrypt(plain: string, options?: SealOptions): string;
  /** Opens a v1 value; a v2 value needs its place (`open`) and is refused here. */
  decrypt(stored: string): string;
  isEncrypted(value: unknown): value is string;
}

export function parseMasterKey(text: string): Buffer {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const b64 = Buffer.from(trimmed, 'base64');
  if (b64.length === 32) return b64;
  throw new Error(
    'A vault key (TOYDESK_SECRET_KEY, TOYDESK_SECRET_OLD_KEYS) must be 32 bytes as 64 hex characters or base64 ' +
      '(for example: openssl rand -hex 32)',
  );
}

/** Old keys as configured: a comma- or whitespace-separated list (empty when unset). */
export function parseOldMasterKeys(text: string | undefined): Buffer[] {
  return (text ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(parseMasterKey);
}

export function generateMasterKey(): string {
  return randomBytes(32).toString('hex');
}

export function masterKeyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 8);
}

const TAG_BYTES = 16;

/** Vault operations since the process started (the metrics' vault operations). */
export const vaultOperations = { encrypt: 0, decrypt: 0, failed: 0, rotated: 0 };

/** The additional data a v2 value is bound with; ':' cannot occur in a table or column name. */
function placeData(place: VaultPlace): Buffer {
  return Buffer.from(`toydesk-vault:v2:${place.table}:${place.column}:${String(place.id)}`, 'utf8');
}

/** The key id a stored value names (its second part), or null when it is no vault value. */
export function storedKeyId(stored: string): string | null {
  const parts = stored.split(':');
  return parts.length === 6 && (parts[0] === V1 || parts[0] === V2) ? parts[1]! : null;
}

/** Whether a stored value is v2 under the given key: what a rotation to that key leaves alone. */
export function isCurrent(stored: string, keyId: string): boolean {
  return stored.startsWith(`${V2}:${keyId}:`);
}

/** Whether a stored value shows a hint after its mask. */
export function hasHint(stored: string): boolean {
  return (stored.split(':')[5] ?? '') !== '';
}

/**
 * A vault with its current key and the old keys still accepted for opening (a rotation under way: values
 * are under either until `vault:rotate` has moved them all).
 */
export function createVault(key: Buffer, oldKeys: readonly Buffer[] = []): Vault {
  const keys = new Map<string, Buffer>();
  for (const k of [key, ...oldKeys]) {
    if (k.length !== 32) throw new Error('The vault key must be 32 bytes');
    keys.set(masterKeyId(k), k);
  }
  const keyId = masterKeyId(key);

  const encryptWith = (version: string, plain: string, aad: Buffer | null, options: SealOptions) => {
    vaultOperations.encrypt += 1;
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
    if (aad) cipher.setAAD(aad);
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    const hint = options.hint && plain.length >= 12 ? Buffer.from(plain.slice(-4)).toString('base64url') : '';
    return [
      version,
      keyId,
      nonce.toString('base64url'),
      ciphertext.toString('base64url'),
      tag.toString('base64url'),
      hint,
    ].join(':');
  };

  const decryptWith = (stored: string, place: VaultPlace | null) => {
    vaultOperations.decrypt += 1;
    try {
      const parts = stored.split(':');
      if (parts.length !== 6 || (parts[0] !== V1 && parts[0] !== V2)) throw new Error('Not a vault value');
      // A v2 value's tag covers its place: opening it as v1 (no place) would only fail the tag, so say why.
      if (parts[0] === V2 && !place) throw new Error('A v2 vault value opens only with its place');
      const valueKey = keys.get(parts[1]!);
      if (!valueKey) throw new Error('This secret was encrypted with another master key');
      const tag = Buffer.from(parts[4]!, 'base64url');
      // GCM accepts a tag cut down to 4 bytes unless told its length; a short tag is a forgery made easy.
      if (tag.length !== TAG_BYTES) throw new Error('Not a vault value');
      const decipher = createDecipheriv('aes-256-gcm', valueKey, Buffer.from(parts[2]!, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      if (parts[0] === V2) decipher.setAAD(placeData(place!));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(Buffer.from(parts[3]!, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch (error) {
      vaultOperations.failed += 1;
      throw error;
    }
  };

  return {
    keyId,
    seal: (plain, place, options = {}) => encryptWith(V2, plain, placeData(place), options),
    open: (stored, place) => decryptWith(stored, place),
    encrypt: (plain, options = {}) => encryptWith(V1, plain, null, options),
    decrypt: (stored) => decryptWith(stored, null),
    isEncrypted(value): value is string {
      return typeof value === 'string' && (value.startsWith(`${V1}:`) || value.startsWith(`${V2}:`));
    },
  };
}

/** What a reply shows for a stored secret: null when unset, else the mask with the hint if any. */
export function maskStoredSecret(stored: unknown): string | null {
  if (typeof stored !== 'string' || stored === '') return null;
  const hint = stored.split(':')[5];
  return hint ? `${MASK}${Buffer.from(hint, 'base64url').toString('utf8')}` : `${MASK}${MASK}`;
}

/** The same mask computed inside SQL, so large lists never carry ciphertext out of the database. */
export function maskSql(column: string): string {
  return `CASE WHEN ${column} IS NULL OR ${column} = '' THEN NULL WHEN split_part(${column}, ':', 6) = '' THEN '${MASK}${MASK}' ELSE '${MASK}' || convert_from(decode(translate(split_part(${column}, ':', 6), '-_', '+/') || repeat('=', (4 - length(split_part(${column}, ':', 6)) % 4) % 4), 'base64'), 'UTF8') END`;
}
