import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database } from '../database.ts';
import { migrate } from '../migrate.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import {
  listMarketPrices,
  loadMarketDatabaseStats,
  storeImportedPrices,
  type ImportedPrice,
} from './market-prices.ts';

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
  await db.query(`INSERT INTO market (code, name) VALUES ('tm', 'Market.CSGO')`);
});
afterAll(async () => {
  await db?.close();
});

const price = (n: number, value = '1.50'): ImportedPrice => ({
  market_hash_name: `Toy ${String(n).padStart(5, '0')}`,
  price: value,
  buy_order: n % 2 === 0 ? '1.25' : null,
  currency: 'RUB',
  volume: n,
  classid_instanceid: null,
});

describe('the market database repository', () => {
  // The bots' tests import a few names; a real list has tens of thousands, stored in slices of 5,000.
  it('stores an import larger than one slice, then a smaller one removes the names gone from the list', async () => {
    const first = Array.from({ length: 5001 }, (_, i) => price(i));
    expect(await storeImportedPrices(db, 'tm', first, '00000000-0000-4000-8000-000000000001')).toBe(0);
    expect(await loadMarketDatabaseStats(db, 'tm', 'tm')).toMatchObject({
      items: 5001,
      with_buy_order: 2501,
      last_import_job: '00000000-0000-4000-8000-000000000001',
      distribution: [],
    });

    const second = [price(0, '2.00'), price(5000), price(4242)];
    expect(await storeImportedPrices(db, 'tm', second, '00000000-0000-4000-8000-000000000002')).toBe(4998);
    const rows = await listMarketPrices(db, 'tm', ['Toy 05000', 'Toy 00000', 'Toy 00001']);
    expect(rows.map((row) => [row.market_hash_name, row.price])).toEqual([
      ['Toy 00000', '2.000'],
      ['Toy 05000', '1.500'],
    ]);
    const [imported] = await db.query<{ items: number; removed: number }>(
      `SELECT items, removed FROM bot_price_import WHERE market = 'tm'`,
    );
    expect(imported).toEqual({ items: 3, removed: 4998 });
  });
});
