import { randomBytes } from 'node:crypto';

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EntityRepository } from '../crud/entity-repository.ts';
import { ENTITY_TABLES } from '../crud/entity-tables.ts';
import type { Database } from '../database.ts';
import { migrate } from '../migrate.ts';
import { seedReferenceData } from '../reference-data.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { createVault } from '../vault/vault.ts';
import { avgStatsByName, statsByDate } from './toy-history-aggregates.ts';

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

const NAMES = [
  'AK-47 | Redline (Field-Tested)',
  'AWP | Asiimov (Field-Tested)',
  'Glock-18 | Fade (Factory New)',
];
const MARKETS = ['tm', 'dmarket', null];
const STATUSES = ['normal', 'outdated', 'locked'];

const rowArb = fc.record({
  market_hash_name: fc.constantFrom(...NAMES),
  market: fc.constantFrom(...MARKETS),
  side: fc.constantFrom('buy', 'sell', 'unknown'),
  currency: fc.constantFrom('RUB', 'USD'),
  record_status: fc.constantFrom(...STATUSES),
  price: fc.integer({ min: 1, max: 500000 }).map((k) => (k / 100).toFixed(2)),
  // Spread over a few days, some rows right at midnight UTC.
  date: fc
    .integer({ min: 0, max: 4 * 24 * 4 })
    .map((q) => new Date(Date.UTC(2026, 9, 1) + q * 15 * 60_000).toISOString()),
});

const opArb = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    rows: fc.array(rowArb, { minLength: 1, maxLength: 20 }),
  }),
  fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), changes: rowArb }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('status' as const),
    status: fc.constantFrom(...STATUSES),
    name: fc.constantFrom(...NAMES),
  }),
);

type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

async function apply(op: Op) {
  if (op.kind === 'insert') {
    await db.query(
      `INSERT INTO toy_history (market_hash_name, market, side, currency, record_status, price, date)
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(market_hash_name text, market text, side text, currency text, record_status text, price numeric, date timestamptz)`,
      [JSON.stringify(op.rows)],
    );
  } else if (op.kind === 'update') {
    await db.query(
      `UPDATE toy_history SET market = $2, side = $3, price = $4, date = $5, record_status = $6
       WHERE id = (SELECT id FROM toy_history ORDER BY id OFFSET $1 % greatest((SELECT count(*) FROM toy_history), 1) LIMIT 1)`,
      [
        op.pick,
        op.changes.market,
        op.changes.side,
        op.changes.price,
        op.changes.date,
        op.changes.record_status,
      ],
    );
  } else if (op.kind === 'delete') {
    await db.query(
      `DELETE FROM toy_history WHERE id = (SELECT id FROM toy_history ORDER BY id OFFSET $1 % greatest((SELECT count(*) FROM toy_history), 1) LIMIT 1)`,
      [op.pick],
    );
  } else {
    await db.query(`UPDATE toy_history SET record_status = $1, comment = 'x' WHERE market_hash_name = $2`, [
      op.status,
      op.name,
    ]);
  }
}

async function expectSameAnswers() {
  for (const filter of [
    {},
    { markets: ['tm'] },
    { currency: 'USD' },
    { record_statuses: ['normal', 'outdated'] },
    { market_hash_names: [NAMES[0]!] },
  ]) {
    const raw = await avgStatsByName(db, filter, { raw: true });
    expect(await avgStatsByName(db, filter)).toEqual(raw);
  }
  for (const query of [
    { record_status: 'normal', currency: 'RUB' },
    { record_status: 'normal', currency: 'RUB', market: 'tm', side: 'buy' },
    { record_status: ['normal', 'locked'], currency: 'USD', market: ['tm', 'dmarket'] },
    {
      record_status: 'normal',
      currency: 'RUB',
      date__gte: '2026-10-02T00:00:00.000Z',
      date__lt: '2026-10-04',
    },
  ]) {
    expect(await statsByDate(db, history, query)).toEqual(
      await statsByDate(db, history, query, { raw: true }),
    );
  }
}

describe('history summaries', () => {
  it('answer exactly like the raw aggregates after any inserts, updates and deletes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 6 }), async (ops) => {
        for (const op of ops) await apply(op);
        await expectSameAnswers();
      }),
      { numRuns: 25 },
    );
    const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM toy_history');
    expect(rows[0]!.n).toBeGreaterThan(0);
  });
});
