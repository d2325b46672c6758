import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { ApiError } from './api-error.ts';
import { answerError } from './error-answer.ts';
import { MAX_PAGE_SIZE, readPageRequest, sendPage, type PageSource } from './pagination.ts';
import { rowsInMemory } from './testing/rows-in-memory.ts';

describe('readPageRequest (DRF page-number pagination)', () => {
  it.each([
    [{}, { page: 1, pageSize: 100 }],
    [
      { page: '3', page_size: '20' },
      { page: 3, pageSize: 20 },
    ],
    [{ page: 'last' }, { page: Number.MAX_SAFE_INTEGER, pageSize: 100 }],
    // A page size that is not a positive number falls back to the default; a huge one is clamped.
    [{ page_size: '0' }, { page: 1, pageSize: 100 }],
    [{ page_size: 'ten' }, { page: 1, pageSize: 100 }],
    [{ page_size: '123456789' }, { page: 1, pageSize: MAX_PAGE_SIZE }],
  ])('%j asks for %j', (query, expected) => {
    expect(readPageRequest(query)).toEqual(expected);
  });

  it.each(['0', '-1', 'two', '1234567890'])('page=%s is an invalid page (404)', (page) => {
    expect(() => readPageRequest({ page })).toThrow(ApiError);
    try {
      readPageRequest({ page });
    } catch (error) {
      expect((error as ApiError).status).toBe(404);
    }
  });
});

/** `count` rows {id: 1..count}. */
const numbered = (count: number) => Array.from({ length: count }, (_, i) => ({ id: i + 1 }));

/** GET `url` of an app whose one list route answers sendPage over `rows` with `source`'s SQL. */
async function getPage(url: string, rows: { id: number }[], source: Partial<PageSource> = {}) {
  const db = rowsInMemory(rows);
  const app = Fastify();
  app.setErrorHandler(answerError);
  app.get('/things/', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    await sendPage(db, request, reply, readPageRequest(query), {
      count: rows.length,
      sql: 'SELECT id FROM thing WHERE owner = $1 ORDER BY id',
      params: [7],
      ...source,
    });
    return reply;
  });
  const response = await app.inject({ method: 'GET', url, headers: { host: 'example.test' } });
  await app.close();
  return { response, asked: db.asked };
}

describe('sendPage', () => {
  it('answers {count, next, previous, results} for the page asked, with its LIMIT and OFFSET', async () => {
    const { response, asked } = await getPage('/things/?page=2&page_size=2', numbered(5));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      count: 5,
      next: 'http://example.test/things/?page=3&page_size=2',
      // Page 1 is the URL without `page`.
      previous: 'http://example.test/things/?page_size=2',
      results: [{ id: 3 }, { id: 4 }],
    });
    expect(asked).toEqual([
      { sql: 'SELECT id FROM thing WHERE owner = $1 ORDER BY id LIMIT 2 OFFSET 2', params: [7] },
    ]);
  });

  it.each([
    ['the first page has no previous', '/things/?page_size=2', null, '?page_size=2&page=2', [1, 2]],
    [
      'page=last is the last page, which has no next',
      '/things/?page=last&page_size=2',
      '?page=2&page_size=2',
      null,
      [5],
    ],
  ])('%s', async (_case, url, previous, next, ids) => {
    const { response } = await getPage(url, numbered(5));
    expect(response.json()).toEqual({
      count: 5,
      previous: previous && `http://example.test/things/${previous}`,
      next: next && `http://example.test/things/${next}`,
      results: ids.map((id) => ({ id })),
    });
  });

  it('an empty list has one empty page; a page past the last is a 404', async () => {
    const empty = await getPage('/things/', []);
    expect(empty.response.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
    const past = await getPage('/things/?page=4&page_size=2', numbered(5));
    expect(past.response.statusCode).toBe(404);
    expect(past.response.json()).toEqual({ detail: 'Неправильная страница. (Invalid page.)' });
    expect(past.asked).toEqual([]);
  });

  it('streams a page of more than 10000 rows from a cursor, each row transformed', async () => {
    const { response, asked } = await getPage('/things/?page_size=999999', numbered(10_001), {
      transform: (row) => ({ n: row.id }),
    });
    const body = response.json<{ count: number; next: null; results: { n: number }[] }>();
    expect(body.count).toBe(10_001);
    expect(body.next).toBeNull();
    expect(body.results).toHaveLength(10_001);
    expect(body.results.at(-1)).toEqual({ n: 10_001 });
    expect(asked).toEqual([
      { sql: 'SELECT id FROM thing WHERE owner = $1 ORDER BY id LIMIT 999999 OFFSET 0', params: [7] },
    ]);
  });

  it('?format=csv is the whole list as a file, whatever the page', async () => {
    const { response, asked } = await getPage('/things/?format=csv&page=2&page_size=1', numbered(3));
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.body).toBe('\uFEFFid\r\n1\r\n2\r\n3\r\n');
    expect(asked).toEqual([{ sql: 'SELECT id FROM thing WHERE owner = $1 ORDER BY id', params: [7] }]);
  });
});
