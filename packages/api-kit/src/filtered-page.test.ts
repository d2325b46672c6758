import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { sendFilteredPage, type ListFilters } from './filtered-page.ts';
import type { RowReader } from './row-reader.ts';
import { rowsInMemory } from './testing/rows-in-memory.ts';

describe('sendFilteredPage', () => {
  it("answers the page of the table's filtered list: its filters, ordering and count, the select's rows", async () => {
    const db = rowsInMemory([{ id: 1 }, { id: 2 }, { id: 3 }]);
    const seen: { query?: Record<string, unknown>; count?: [RowReader, string, unknown[]] } = {};
    const filters: ListFilters<RowReader> = {
      parseList(query) {
        seen.query = query;
        return { where: 'WHERE t.name = $1', orderBy: 'ORDER BY t.id DESC', params: ['a'] };
      },
      async count(countDb, where, params) {
        seen.count = [countDb, where, params];
        return 3;
      },
    };
    const app = Fastify();
    app.get('/things/', async (request, reply) =>
      sendFilteredPage(
        { request, reply, rawQuery: request.query as Record<string, unknown>, services: { db } },
        filters,
        (where, orderBy) => `SELECT t.id FROM thing t ${where} ${orderBy}`,
        { transform: (row) => ({ ...row, shown: true }) },
      ),
    );
    const response = await app.inject({ method: 'GET', url: '/things/?name=a&page=2&page_size=2' });
    await app.close();

    expect(seen.query).toEqual({ name: 'a', page: '2', page_size: '2' });
    expect(seen.count).toEqual([db, 'WHERE t.name = $1', ['a']]);
    expect(db.asked).toEqual([
      {
        sql: 'SELECT t.id FROM thing t WHERE t.name = $1 ORDER BY t.id DESC LIMIT 2 OFFSET 2',
        params: ['a'],
      },
    ]);
    expect(response.json()).toMatchObject({ count: 3, next: null, results: [{ id: 3, shown: true }] });
  });
});
