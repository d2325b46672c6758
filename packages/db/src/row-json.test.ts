import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EntityRepository } from './crud/entity-repository.ts';
import { ENTITY_TABLES } from './crud/entity-tables.ts';
import { migrate } from './migrate.ts';
import { seedReferenceData } from './reference-data.ts';
import { rowJsonSql, streamRowJson } from './row-json.ts';
import { openTestDatabase, type TestDatabase } from './testing/test-database.ts';
import { createVault } from './vault/vault.ts';

let db: TestDatabase;

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
  await seedReferenceData(db);
  await db.exec(`CREATE TABLE row_json_probe (
    id int PRIMARY KEY, b bool, i8 bigint, i4 int, t text, n numeric(14, 2), j json, jb jsonb,
    ia int[], ta text[], d date, ts timestamp, tz timestamptz)`);
});

afterAll(async () => {
  await db?.close();
});

/** What the JavaScript path answers: the driver's rows, each stringified (the page stream before). */
async function viaRows(sql: string): Promise<unknown[]> {
  const rows = await db.query(sql);
  return rows.map((row) => JSON.parse(JSON.stringify(row)) as unknown);
}

async function viaJson(sql: string): Promise<unknown[] | null> {
  const out: unknown[] = [];
  const done = await streamRowJson(db, sql, [], 7, (json) => {
    for (const text of json) out.push(JSON.parse(text));
  });
  return done ? out : null;
}

const text = fc.string({ unit: 'binary', maxLength: 12 }).map((s) => s.split('\u0000').join(''));
const instant = fc.date({
  min: new Date('1990-01-01T00:00:00Z'),
  max: new Date('2090-01-01T00:00:00Z'),
  noInvalidDate: true,
});
const probeRow = fc.record({
  b: fc.option(fc.boolean()),
  i8: fc.option(fc.integer({ min: -(2 ** 40), max: 2 ** 40 })),
  i4: fc.option(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 })),
  t: fc.option(text),
  n: fc.option(fc.integer({ min: -99_999_999, max: 99_999_999 }).map((c) => (c / 100).toFixed(2))),
  j: fc.option(
    fc.dictionary(fc.string({ maxLength: 4 }), fc.oneof(fc.integer(), text, fc.boolean()), { maxKeys: 3 }),
  ),
  ia: fc.array(fc.integer({ min: -1000, max: 1000 }), { maxLength: 3 }),
  ta: fc.array(text, { maxLength: 3 }),
  d: fc.option(instant.map((x) => x.toISOString().slice(0, 10))),
  // Microseconds too: the JSON path must cut them as the driver's Date does.
  ts: fc.option(
    fc
      .tuple(instant, fc.integer({ min: 0, max: 999 }))
      .map(([x, us]) => `${x.toISOString().slice(0, 23)}${String(us).padStart(3, '0')}`),
  ),
});

describe('rows as JSON built by the database', () => {
  it('equal the rows read by the driver and stringified, for every type it turns into JSON', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(probeRow, { minLength: 1, maxLength: 12 }), async (rows) => {
        await db.query('DELETE FROM row_json_probe');
        for (const [i, r] of rows.entries()) {
          await db.query(
            `INSERT INTO row_json_probe (id, b, i8, i4, t, n, j, jb, ia, ta, d, ts, tz)
             VALUES ($1, $2, $3, $4, $5, $6, $7::json, $7::jsonb, $8, $9, $10, $11, $11::timestamp AT TIME ZONE 'UTC')`,
            [i, r.b, r.i8, r.i4, r.t, r.n, r.j === null ? null : JSON.stringify(r.j), r.ia, r.ta, r.d, r.ts],
          );
        }
        const sql = 'SELECT * FROM row_json_probe ORDER BY id';
        const json = await viaJson(sql);
        expect(json).not.toBeNull();
        // json keeps its own spacing and jsonb its key order: the same values, compared parsed.
        expect(json).toEqual(await viaRows(sql));
      }),
      { numRuns: 25 },
    );
  });

  it('every list of the generic CRUD is built as JSON by the database, and equals its rows', async () => {
    const vault = createVault(randomBytes(32));
    await db.query(
      `INSERT INTO steam_account (steam_account_name, password) VALUES ('row_json_bot', 'v1:a:b:c:d:')`,
    );
    await db.query(
      `INSERT INTO toy_history (market_hash_name, side, price, currency, market, date, record_status)
       VALUES ('AK-47 | Redline (Field-Tested)', 'sell', 12.5, 'RUB', 'tm', '2026-11-01 10:00:00.123456+00', 'normal')`,
    );
    for (const [name, config] of Object.entries(ENTITY_TABLES)) {
      const repository = new EntityRepository(config, db, vault);
      const sql = `${repository.selectSql('', 't.id')} LIMIT 50`;
      expect(rowJsonSql(sql, await db.columns(sql, [])), name).not.toBeNull();
      expect(await viaJson(sql), name).toEqual(await viaRows(sql));
    }
  });

  it('leaves a type it cannot write the same way, and a repeated column name, to the JavaScript path', async () => {
    expect(await viaJson(`SELECT 1.5::float8 AS f`)).toBeNull();
    expect(await viaJson(`SELECT interval '1 day' AS i`)).toBeNull();
    expect(await viaJson(`SELECT 1 AS a, 2 AS a`)).toBeNull();
  });
});
