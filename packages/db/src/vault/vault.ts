import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The secrets vault: AES-256-GCM with a fresh 12-byte nonce per value and a master key kept outside the
 * database. A stored value is "v1:<key id>:<nonce>:<ciphertext>:<tag>:<hint>" (base64url parts); the hint
 * is what a reply may show after the mask (the last four characters of an API key, nothing for passwords).
 */
export const MASK = '••••';
const VERSION = 'v1';

export interface Vault {
  readonly keyId: string;
  encrypt(plain: string, options?: { hint?: boolean }): string;
  decrypt(stored: string): string;
  isEncrypted(value: unknown): value is string;
}

export function parseMasterKey(text: string): Buffer {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const b64 = Buffer.from(trimmed, 'base64');
  if (b64.length === 32) return b64;
  throw new Error(
    'TOYDESK_SECRET_KEY must be 32 bytes as 64 hex characters or base64 (for example: openssl rand -hex 32)',
  );
}

export function generateMasterKey(): string {
  return randomBytes(32).toString('hex');
}

const TAG_BYTES = 16;

/** Encryptions and decryptions since the process started (the metrics' vault operations). */
export const vaultOperations = { encrypt: 0, decrypt: 0, failed: 0 };

export function createVault(key: Buffer): Vault {
  if (key.length !== 32) throw new Error('The vault key must be 32 bytes');
  const keyId = createHash('sha256').update(key).digest('base64url').slice(0, 8);
  return {
    keyId,
    encrypt(plain, options = {}) {
      vaultOperations.encrypt += 1;
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      const hint =
        options.hint && plain.length >= 12 ? Buffer.from(plain.slice(-4)).toString('base64url') : '';
      return [
        VERSION,
        keyId,
        nonce.toString('base64url'),
        ciphertext.toString('base64url'),
        tag.toString('base64url'),
        hint,
      ].join(':');
    },
    decrypt(stored) {
      vaultOperations.decrypt += 1;
      try {
        const parts = stored.split(':');
        if (parts.length !== 6 || parts[0] !== VERSION) throw new Error('Not a vault value');
        if (parts[1] !== keyId) throw new Error('This secret was encrypted with another master key');
        const tag = Buffer.from(parts[4]!, 'base64url');
        // GCM accepts a tag cut down to 4 bytes unless told its length; a short tag is a forgery made easy.
        if (tag.length !== TAG_BYTES) throw new Error('Not a vault value');
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(parts[2]!, 'base64url'), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAuthTag(tag);
        return Buffer.concat([
          decipher.update(Buffer.from(parts[3]!, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch (error) {
        vaultOperations.failed += 1;
        throw error;
      }
    },
    isEncrypted(value): value is string {
      return typeof value === 'string' && value.startsWith(`${VERSION}:`);
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
