import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createEntityRepositories } from '../crud/entity-tables.ts';
import type { Database } from '../database.ts';
import { migrate } from '../migrate.ts';
import { loadMarketAccount } from '../repositories/market-account.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { sealedPlace } from './sealed-columns.ts';
import { createVault } from './vault.ts';

const vault = createVault(randomBytes(32));
const ctx = { operator: 'tester' };
let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
  await db.query(`INSERT INTO market (code, name) VALUES ('tm', 'Market.CSGO') ON CONFLICT DO NOTHING`);
});
afterAll(async () => {
  await db?.close();
});

const stored = async (id: number) =>
  (
    await db.query<{ password: string; email_password: string | null }>(
      'SELECT password, email_password FROM steam_account WHERE id = $1',
      [id],
    )
  )[0]!;

describe('vault values bound to their row and column', () => {
  it('seals what the CRUD writes (create, update, bulk by ids and by query) for each row', async () => {
    const repos = createEntityRepositories(db, vault);
    const a = await repos.steamAccount.create({ steam_account_name: 'place_a', password: 'pw-a' }, ctx);
    const b = await repos.steamAccount.create({ steam_account_name: 'place_b', password: 'pw-b' }, ctx);
    const id = (row: typeof a) => row.id as number;
    const open = async (rowId: number) =>
      vault.open((await stored(rowId)).password, sealedPlace('steam_account', 'password', rowId));
    expect((await stored(id(a))).password).toMatch(/^v2:/);
    expect(await open(id(a))).toBe('pw-a');
    expect(await open(id(b))).toBe('pw-b');

    await repos.steamAccount.update(id(a), () => ({ password: 'pw-a2' }), ctx);
    expect(await open(id(a))).toBe('pw-a2');

    await repos.steamAccount.bulkUpdateByIds([id(a), id(b)], { password: 'same-pw' }, ctx);
    const [sa, sb] = [await stored(id(a)), await stored(id(b))];
    // One password, two rows: two ciphertexts, each opening only in its own row.
    expect(sa.password).not.toBe(sb.password);
    expect(await open(id(a))).toBe('same-pw');
    expect(await open(id(b))).toBe('same-pw');

    const count = await repos.steamAccount.updateByQuery({ search: 'place_' }, { password: 'by-query' }, ctx);
    expect(count).toBe(2);
    expect(await open(id(a))).toBe('by-query');
    expect(await open(id(b))).toBe('by-query');
  });

  it('refuses a ciphertext copied to another row or another column (it opened before places)', async () => {
    const repos = createEntityRepositories(db, vault);
    const a = await repos.steamAccount.create({ steam_account_name: 'copy_a', password: 'secret-a' }, ctx);
    const b = await repos.steamAccount.create({ steam_account_name: 'copy_b', password: 'secret-b' }, ctx);
    const [ida, idb] = [a.id as number, b.id as number];
    await db.query(
      `UPDATE steam_account SET password = (SELECT password FROM steam_account WHERE id = $1),
         email_password = (SELECT password FROM steam_account WHERE id = $1) WHERE id = $2`,
      [ida, idb],
    );
    const copied = await stored(idb);
    expect(() => vault.open(copied.password, sealedPlace('steam_account', 'password', idb))).toThrow();
    expect(() =>
      vault.open(copied.email_password!, sealedPlace('steam_account', 'email_password', idb)),
    ).toThrow();
    const inPlace = await stored(ida);
    expect(() => vault.open(inPlace.password, sealedPlace('steam_account', 'email_password', ida))).toThrow();

    // The same through a repository that opens values: a market key copied to another account fails.
    const one = await repos.marketAccount.create(
      { market: 'tm', steam_account: ida, api_key: 'k'.repeat(32) },
      ctx,
    );
    const two = await repos.marketAccount.create(
      { market: 'tm', steam_account: idb, api_key: 'z'.repeat(32) },
      ctx,
    );
    const options = { useProxy: false };
    expect((await loadMarketAccount(db, vault, two.id as number, options))!.apiKey).toBe('z'.repeat(32));
    await db.query(
      'UPDATE market_account SET api_key = (SELECT api_key FROM market_account WHERE id = $1) WHERE id = $2',
      [one.id, two.id],
    );
    await expect(loadMarketAccount(db, vault, two.id as number, options)).rejects.toThrow();
    expect((await loadMarketAccount(db, vault, one.id as number, options))!.apiKey).toBe('k'.repeat(32));
  });
});
