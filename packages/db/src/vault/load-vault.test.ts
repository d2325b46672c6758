import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import type { Database } from '../database.ts';
import { migrate } from '../migrate.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { generateMasterKey } from './vault.ts';
import { loadVault } from './load-vault.ts';

let db: Database | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

describe('master key handling', () => {
  it('creates a key file in the embedded default and reuses it', async () => {
    db = await openTestDatabase();
    await migrate(db);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'toydesk-vault-'));
    const first = await loadVault(db, { dataDir, allowKeyFile: true });
    const secret = first.encrypt('s3cret');
    expect(readFileSync(path.join(dataDir, 'secret.key'), 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    const second = await loadVault(db, { dataDir, allowKeyFile: true });
    expect(second.decrypt(secret)).toBe('s3cret');
  });

  it('refuses to start with encrypted data and no key, or with the wrong key', async () => {
    db = await openTestDatabase();
    await migrate(db);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'toydesk-vault-'));
    await loadVault(db, { secretKey: generateMasterKey(), dataDir, allowKeyFile: false });
    await expect(loadVault(db, { dataDir, allowKeyFile: false })).rejects.toThrow(/no master key/);
    await expect(
      loadVault(db, { dataDir: mkdtempSync(path.join(tmpdir(), 'toydesk-empty-')), allowKeyFile: true }),
    ).rejects.toThrow(/no master key/);
    await expect(
      loadVault(db, { secretKey: generateMasterKey(), dataDir, allowKeyFile: false }),
    ).rejects.toThrow(/does not match/);
  });

  it('requires a key with DATABASE_URL on a new database', async () => {
    db = await openTestDatabase();
    await migrate(db);
    await expect(loadVault(db, { dataDir: '/nonexistent', allowKeyFile: false })).rejects.toThrow(
      /TOYDESK_SECRET_KEY is required/,
    );
  });
});
