import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { Database } from '../database.ts';
import {
  createVault,
  generateMasterKey,
  parseMasterKey,
  parseOldMasterKeys,
  type Vault,
  type VaultPlace,
} from './vault.ts';

const CHECK_SETTING = 'vault_key_check';
const CHECK_TEXT = 'toydesk-vault-check';
/** The key check's place: `vault:rotate` moves it last, so a check under the current key means done. */
export const KEY_CHECK_PLACE: VaultPlace = { table: 'app_setting', column: 'value', id: CHECK_SETTING };

/**
 * Finds the master key: TOYDESK_SECRET_KEY, else (embedded default only) a key file in the data folder,
 * created on first start. Refuses to start when the database holds secrets and no key, or the wrong
 * key, is given: starting would make every stored secret unreadable. `oldKeys` (TOYDESK_SECRET_OLD_KEYS) are
 * the keys a rotation moves away from: values under them still open, new ones are sealed with the current key.
 */
export async function loadVault(
  db: Database,
  options: { secretKey?: string; oldKeys?: string; dataDir: string; allowKeyFile: boolean },
): Promise<Vault> {
  const keyFile = path.resolve(options.dataDir, 'secret.key');
  let keyText = options.secretKey;
  if (!keyText && options.allowKeyFile && existsSync(keyFile)) keyText = readFileSync(keyFile, 'utf8');

  const check = await db.query<{ value: string }>('SELECT value FROM app_setting WHERE key = $1', [
    CHECK_SETTING,
  ]);
  const existingCheck = check[0]?.value;

  if (!keyText) {
    if (existingCheck) {
      throw new Error(
        'The database holds encrypted secrets but no master key was given: set TOYDESK_SECRET_KEY (or restore ' +
          `${keyFile}). Refusing to start.`,
      );
    }
    if (!options.allowKeyFile) {
      throw new Error('TOYDESK_SECRET_KEY is required with DATABASE_URL (for example: openssl rand -hex 32)');
    }
    keyText = generateMasterKey();
    mkdirSync(path.dirname(keyFile), { recursive: true });
    writeFileSync(keyFile, `${keyText}\n`, { mode: 0o600 });
  }

  const vault = createVault(parseMasterKey(keyText), parseOldMasterKeys(options.oldKeys));
  if (existingCheck) {
    try {
      if (vault.open(existingCheck, KEY_CHECK_PLACE) !== CHECK_TEXT) throw new Error('mismatch');
    } catch {
      throw new Error(
        'The master key does not match the one the database secrets were encrypted with (nor does any of ' +
          'TOYDESK_SECRET_OLD_KEYS). Refusing to start.',
      );
    }
  } else {
    await db.query('INSERT INTO app_setting (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
      CHECK_SETTING,
      vault.seal(CHECK_TEXT, KEY_CHECK_PLACE),
    ]);
  }
  return vault;
}
