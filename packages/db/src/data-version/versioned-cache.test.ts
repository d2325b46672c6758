import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EntityRepository } from '../crud/entity-repository.ts';
import { ENTITY_TABLES } from '../crud/entity-tables.ts';
import { migrate } from '../migrate.ts';
import { seedReferenceData } from '../reference-data.ts';
import { openTestDatabase, testDbKind, type TestDatabase } from '../testing/test-database.ts';
import { createVault } from '../vault/vault.ts';
import { foldDataVersionParts, isOlderVersion, readDataVersion, VersionedCache } from './versioned-cache.ts';

let db: TestDatabase;
let history: EntityRepository;

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
  await seedReferenceData(db);
  history = new EntityRepository(ENTITY_TABLES.toyHistory, db, createVault(randomBytes(32)));
});

afterAll(async () => {
  await db?.close();
});

const addRows = (n: number, market = 'tm') =>
  db.query(
    `INSERT INTO toy_history (market_hash_name, side, price, currency, market, date, record_status)
     SELECT 'AK-47 | Redline (Field-Tested)', 'sell', 10, 'RUB', $1, now(), 'normal' FROM generate_series(1, $2::int)`,
    [market, n],
  );

describe('data versions', () => {
  it('every committed write of toy_history moves its version; a rolled back one does not', async () => {
    const v0 = BigInt(await readDataVersion(db, ['toy_history']));
    await addRows(2);
    const v1 = BigInt(await readDataVersion(db, ['toy_history']));
    expect(v1).toBeGreaterThan(v0);
    await db.query(`UPDATE toy_history SET comment = 'x' WHERE market = 'tm'`);
    const v2 = BigInt(await readDataVersion(db, ['toy_history']));
    expect(v2).toBeGreaterThan(v1);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`DELETE FROM toy_history`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(BigInt(await readDataVersion(db, ['toy_history']))).toBe(v2);
  });

  it("a versioned table's list count follows every write, and a transaction's count is never kept", async () => {
    const { where, params } = history.parseList({ market: 'dmarket' });
    expect(await history.count(db, where, params)).toBe(0);
    await addRows(3, 'dmarket');
    expect(await history.count(db, where, params)).toBe(3);
    expect(await history.count(db, where, params)).toBe(3);
    // Inside a transaction that wrote rows it then rolls back: the count sees them, nothing keeps it.
    await expect(
      db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO toy_history (market_hash_name, side, price, currency, market, date, record_status)
           VALUES ('x', 'sell', 1, 'RUB', 'dmarket', now(), 'normal')`,
        );
        expect(await history.count(tx, where, params)).toBe(4);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await history.count(db, where, params)).toBe(3);
    await db.query(`DELETE FROM toy_history WHERE market = 'dmarket'`);
    expect(await history.count(db, where, params)).toBe(0);
  });
});

describe('data versions of several tables', () => {
  const listTables = ['steam_account', 'market_account', 'market'] as const;

  it("a list's version moves with a write to any of its tables, and each part only grows", async () => {
    const v0 = await readDataVersion(db, listTables);
    expect(v0.split('.')).toHaveLength(3);
    await db.query(`UPDATE market SET name = name WHERE code = 'tm'`);
    const v1 = await readDataVersion(db, listTables);
    expect(v1).not.toBe(v0);
    expect(isOlderVersion(v0, v1)).toBe(true);
    expect(isOlderVersion(v1, v0)).toBe(false);
    expect(v1.split('.').slice(0, 2)).toEqual(v0.split('.').slice(0, 2));
  });

  it('folding the rows of ended backends keeps every version', async () => {
    await db.query(`INSERT INTO data_version_part (name, backend, n) VALUES ('toy', -7, 5)`);
    const before = await readDataVersion(db, ['toy', 'toy_history', 'market']);
    await foldDataVersionParts(db);
    expect(await readDataVersion(db, ['toy', 'toy_history', 'market'])).toBe(before);
    const rows = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM data_version_part WHERE backend = -7`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it.runIf(testDbKind() === 'postgres')(
    'two writers of one versioned table never wait on each other for the version (one row per backend)',
    async () => {
      // Two connections of their own, each in an open transaction that wrote its own row of a versioned
      // table. With one shared version row (migration 023) the second waited for the first to commit (here,
      // a lock timeout), and two such writers of two tables in opposite orders deadlocked.
      const { default: pg } = await import('pg');
      const a = new pg.Client({ connectionString: db.url });
      const b = new pg.Client({ connectionString: db.url });
      await Promise.all([a.connect(), b.connect()]);
      try {
        await a.query('BEGIN');
        await a.query(`UPDATE market SET name = name WHERE code = 'tm'`);
        await b.query('BEGIN');
        await b.query(`SET LOCAL lock_timeout = '1s'`);
        await b.query(`UPDATE market SET name = name WHERE code = 'dmarket'`);
        await b.query('COMMIT');
        await a.query('COMMIT');
      } finally {
        await Promise.all([a.end(), b.end()]);
      }
    },
  );
});

describe('VersionedCache', () => {
  it('computes once per version, for every request that asks at once', async () => {
    const cache = new VersionedCache<string>(1000, (v) => v.length);
    let computed = 0;
    const compute = async () => {
      computed += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return `answer ${computed}`;
    };
    const answers = await Promise.all([1, 2, 3, 4].map(() => cache.get(db, ['toy_history'], 'q', compute)));
    expect(computed).toBe(1);
    expect(new Set(answers.map((a) => a.value))).toEqual(new Set(['answer 1']));
    expect((await cache.get(db, ['toy_history'], 'q', compute)).value).toBe('answer 1');
    await addRows(1);
    expect((await cache.get(db, ['toy_history'], 'q', compute)).value).toBe('answer 2');
    expect(computed).toBe(2);
  });

  it('keeps at most its weight, dropping the least recently used; an older version never replaces a newer', async () => {
    const cache = new VersionedCache<string>(10, (v) => v.length);
    await cache.getAt('5', 'a', async () => 'aaaa');
    await cache.getAt('5', 'b', async () => 'bbbb');
    await cache.getAt('5', 'a', async () => 'never');
    await cache.getAt('5', 'c', async () => 'cccc');
    expect(cache.size).toEqual({ entries: 2, weight: 8 });
    expect((await cache.getAt('5', 'a', async () => 'again')).value).toBe('aaaa');
    expect((await cache.getAt('5', 'b', async () => 'b again')).value).toBe('b again');
    await cache.getAt('7', 'd', async () => 'new');
    await cache.getAt('6', 'd', async () => 'old');
    expect((await cache.getAt('7', 'd', async () => 'recomputed')).value).toBe('new');
    // Versions of several tables: older when any table's part is.
    await cache.getAt('3.9', 'f', async () => 'new');
    await cache.getAt('3.8', 'f', async () => 'old');
    expect((await cache.getAt('3.9', 'f', async () => 'recomputed')).value).toBe('new');
    // Bigger than the whole cache: answered, not kept.
    expect((await cache.getAt('7', 'e', async () => 'x'.repeat(11))).value).toHaveLength(11);
    expect((await cache.getAt('7', 'e', async () => 'kept?')).value).toBe('kept?');
  });
});
