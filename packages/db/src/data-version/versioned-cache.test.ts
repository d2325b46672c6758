import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EntityRepository } from '../crud/entity-repository.ts';
import { ENTITY_TABLES } from '../crud/entity-tables.ts';
import type { Database } from '../database.ts';
import { migrate } from '../migrate.ts';
import { seedReferenceData } from '../reference-data.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { createVault } from '../vault/vault.ts';
import { readDataVersion, VersionedCache } from './versioned-cache.ts';

let db: Database;
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
    const v0 = BigInt(await readDataVersion(db, 'toy_history'));
    await addRows(2);
    const v1 = BigInt(await readDataVersion(db, 'toy_history'));
    expect(v1).toBeGreaterThan(v0);
    await db.query(`UPDATE toy_history SET comment = 'x' WHERE market = 'tm'`);
    const v2 = BigInt(await readDataVersion(db, 'toy_history'));
    expect(v2).toBeGreaterThan(v1);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`DELETE FROM toy_history`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(BigInt(await readDataVersion(db, 'toy_history'))).toBe(v2);
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

describe('VersionedCache', () => {
  it('computes once per version, for every request that asks at once', async () => {
    const cache = new VersionedCache<string>('toy_history', 1000, (v) => v.length);
    let computed = 0;
    const compute = async () => {
      computed += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return `answer ${computed}`;
    };
    const answers = await Promise.all([1, 2, 3, 4].map(() => cache.get(db, 'q', compute)));
    expect(computed).toBe(1);
    expect(new Set(answers.map((a) => a.value))).toEqual(new Set(['answer 1']));
    expect((await cache.get(db, 'q', compute)).value).toBe('answer 1');
    await addRows(1);
    expect((await cache.get(db, 'q', compute)).value).toBe('answer 2');
    expect(computed).toBe(2);
  });

  it('keeps at most its weight, dropping the least recently used; an older version never replaces a newer', async () => {
    const cache = new VersionedCache<string>('toy_history', 10, (v) => v.length);
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
    // Bigger than the whole cache: answered, not kept.
    expect((await cache.getAt('7', 'e', async () => 'x'.repeat(11))).value).toHaveLength(11);
    expect((await cache.getAt('7', 'e', async () => 'kept?')).value).toBe('kept?');
  });
});
