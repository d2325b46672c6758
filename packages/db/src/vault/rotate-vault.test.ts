import { mkdtempSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import type { Database } from '../database.ts';
import { migrate } from '../migrate.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { loadVault } from './load-vault.ts';
import { countUnrotated, rotateVault } from './rotate-vault.ts';
import { SEALED_COLUMNS, sealedPlace } from './sealed-columns.ts';
import { createVault, vaultOperations, type Vault } from './vault.ts';

let db: Database | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

const hex = (key: Buffer) => key.toString('hex');
const dataDir = () => mkdtempSync(path.join(tmpdir(), 'toydesk-rotate-'));

/**
 * A database as an older release left it: v1 values (no place) and v2 values under the old key, in every
 * sealed column, with a hinted API key and NULL and '' values that rotation must leave alone.
 */
async function seed(database: Database, old: Vault): Promise<Map<string, string>> {
  const plain = new Map<string, string>();
  const put = (table: string, column: string, id: number, value: string, v1: boolean, hint = false) => {
    plain.set(`${table}.${column}#${id}`, value);
    return v1 ? old.encrypt(value, { hint }) : old.seal(value, { table, column, id }, { hint });
  };
  await database.query(`INSERT INTO market (code, name) VALUES ('tm', 'Market.CSGO') ON CONFLICT DO NOTHING`);
  for (let id = 1; id <= 6; id += 1) {
    const v1 = id % 2 === 1;
    await database.query(
      `INSERT INTO proxy (id, protocol, host, port, password) VALUES ($1, 'http', '10.0.0.1', 3128, $2)`,
      [id, put('proxy', 'password', id, `proxy-${id}`, v1)],
    );
    await database.query(
      `INSERT INTO steam_account (id, steam_account_name, password, shared_secret, identity_secret, revocation_code, email_password)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        id,
        `rot_${id}`,
        put('steam_account', 'password', id, `pw-${id}`, v1),
        put('steam_account', 'shared_secret', id, `ss-${id}`, !v1),
        id === 3 ? null : put('steam_account', 'identity_secret', id, `is-${id}`, v1),
        id === 4 ? '' : put('steam_account', 'revocation_code', id, `R0000${id}`, v1),
        put('steam_account', 'email_password', id, `mail-${id}`, !v1),
      ],
    );
    await database.query(
      `INSERT INTO market_account (id, market, steam_account, api_key, pay_password) VALUES ($1, 'tm', $1, $2, $3)`,
      [
        id,
        put('market_account', 'api_key', id, `${'a'.repeat(28)}k00${id}`, v1, true),
        put('market_account', 'pay_password', id, `pay-${id}`, !v1),
      ],
    );
    await database.query(
      `INSERT INTO bot_steam_session (steam_account, session, steam_id, access_token_expires_at, refresh_token_expires_at, steam_api_key)
       VALUES ($1, $2, '76561198000000001', now(), now(), $3)`,
      [
        id,
        put('bot_steam_session', 'session', id, `{"s":${id}}`, v1),
        put('bot_steam_session', 'steam_api_key', id, `K${id}`, !v1),
      ],
    );
  }
  return plain;
}

/** Every sealed value, opened with `vault` at its place, keyed like `seed`'s map. */
async function openAll(database: Database, vault: Vault): Promise<Map<string, string>> {
  const opened = new Map<string, string>();
  for (const [table, spec] of Object.entries(SEALED_COLUMNS)) {
    if (table === 'app_setting') continue;
    for (const column of spec.columns) {
      const rows = await database.query<{ id: number; value: string | null }>(
        `SELECT ${spec.key} AS id, ${column} AS value FROM ${table} ORDER BY 1`,
      );
      for (const row of rows) {
        if (!row.value) continue;
        opened.set(`${table}.${column}#${row.id}`, vault.open(row.value, { table, column, id: row.id }));
      }
    }
  }
  return opened;
}

describe('vault:rotate', () => {
  it('re-seals every value under the new key, interrupted midway and resumed, nothing lost', async () => {
    db = await openTestDatabase();
    await migrate(db);
    const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];
    const dir = dataDir();
    const old = await loadVault(db, { secretKey: hex(oldKey), dataDir: dir, allowKeyFile: false });
    const plain = await seed(db, old);
    expect(plain.size).toBe(6 * 10 - 2);

    // The new key alone does not start: the database's secrets are under the old one.
    await expect(
      loadVault(db, { secretKey: hex(newKey), dataDir: dir, allowKeyFile: false }),
    ).rejects.toThrow(/does not match/);
    // The operator's new configuration: the new key, the old one still accepted.
    const rotating = await loadVault(db, {
      secretKey: hex(newKey),
      oldKeys: hex(oldKey),
      dataDir: dir,
      allowKeyFile: false,
    });
    const rotatedBefore = vaultOperations.rotated;
    // Stopped after 25 values (batches of 4: the last one cut short), as a killed run would be.
    const first = await rotateVault(db, rotating, { batchSize: 4, limit: 25 });
    expect(first).toEqual({ rotated: 25, failed: [], done: false });
    const left = await countUnrotated(db, rotating);
    expect(Object.values(left).reduce((a, b) => a + b, 0)).toBe(plain.size + 1 - 25);
    // In between, values are under either key and all open.
    expect(await openAll(db, rotating)).toEqual(plain);

    const second = await rotateVault(db, rotating, { batchSize: 4 });
    expect(second).toEqual({ rotated: plain.size + 1 - 25, failed: [], done: true });
    expect(vaultOperations.rotated - rotatedBefore).toBe(plain.size + 1);
    expect(Object.values(await countUnrotated(db, rotating)).every((n) => n === 0)).toBe(true);
    // A third run has nothing to do.
    expect(await rotateVault(db, rotating)).toEqual({ rotated: 0, failed: [], done: true });

    // The new key alone now opens everything, the hint survives, and the old key no longer starts.
    const newOnly = createVault(newKey);
    expect(await openAll(db, newOnly)).toEqual(plain);
    const [apiKey] = await db.query<{ api_key: string }>('SELECT api_key FROM market_account WHERE id = 1');
    expect(apiKey!.api_key).toMatch(new RegExp(`^v2:${newOnly.keyId}:.*:[A-Za-z0-9_-]+$`));
    const [cleared] = await db.query<{ revocation_code: string; identity_secret: string | null }>(
      'SELECT revocation_code, identity_secret FROM steam_account WHERE id = 4',
    );
    expect(cleared!.revocation_code).toBe('');
    await expect(
      loadVault(db, { secretKey: hex(newKey), dataDir: dir, allowKeyFile: false }),
    ).resolves.toBeDefined();
    await expect(
      loadVault(db, { secretKey: hex(oldKey), dataDir: dir, allowKeyFile: false }),
    ).rejects.toThrow(/does not match/);
  });

  it('keeps a value no configured key opens, reports its place and rotates the rest', async () => {
    db = await openTestDatabase();
    await migrate(db);
    const [oldKey, newKey, lostKey] = [randomBytes(32), randomBytes(32), randomBytes(32)];
    const old = createVault(oldKey);
    await db.query(
      `INSERT INTO proxy (id, protocol, host, port, password) VALUES (1, 'http', 'h', 1, $1), (2, 'http', 'h', 1, $2), (3, 'http', 'h', 1, $3)`,
      [
        old.seal('one', sealedPlace('proxy', 'password', 1)),
        createVault(lostKey).seal('lost', sealedPlace('proxy', 'password', 2)),
        old.encrypt('three'),
      ],
    );
    const rotating = createVault(newKey, [oldKey]);
    const report = await rotateVault(db, rotating, { batchSize: 1 });
    expect(report).toEqual({
      rotated: 2,
      failed: [{ table: 'proxy', column: 'password', id: 2 }],
      done: true,
    });
    const [lost] = await db.query<{ password: string }>('SELECT password FROM proxy WHERE id = 2');
    expect(createVault(lostKey).open(lost!.password, sealedPlace('proxy', 'password', 2))).toBe('lost');
    expect(
      createVault(newKey).open(
        (await db.query<{ password: string }>('SELECT password FROM proxy WHERE id = 3'))[0]!.password,
        sealedPlace('proxy', 'password', 3),
      ),
    ).toBe('three');
  });
});
