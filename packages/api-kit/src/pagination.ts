import { PassThrough } from 'node:stream';

import { queryValue } from '@toydesk/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { Row, RowReader } from './row-reader.ts';
import { notFound } from './api-error.ts';
import { writeOrWait } from './write-or-wait.ts';
import { sendCsv, wantsCsv } from './csv-export.ts';

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 999999;
/** Pages bigger than this are streamed from a cursor instead of built in memory. */
const STREAM_THRESHOLD = 10000;
const STREAM_BATCH = 2000;

export interface PageRequest {
  page: number;
  pageSize: number;
}

/** DRF's PageNumberPagination: a bad page_size falls back to the default, a too-big one is clamped. */
export function readPageRequest(query: Record<string, unknown>): PageRequest {
  const sizeText = queryValue(query, 'page_size');
  let pageSize = DEFAULT_PAGE_SIZE;
  if (sizeText && /^\d{1,9}$/.test(sizeText) && Number(sizeText) > 0)
    pageSize = Math.min(Number(sizeText), MAX_PAGE_SIZE);
  const pageText = queryValue(query, 'page');
  let page = 1;
  if (pageText !== undefined) {
    if (pageText === 'last') page = Number.MAX_SAFE_INTEGER;
    else if (/^\d{1,9}$/.test(pageText) && Number(pageText) > 0) page = Number(pageText);
    else throw notFound('Неправильная страница. (Invalid page.)');
  }
  return { page, pageSize };
}

export function pageUrl(request: FastifyRequest, page: number | null): string | null {
  if (page === null) return null;
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  if (page === 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.toString();
}

export interface PageSource {
  count: number;
  /** SQL without LIMIT/OFFSET, and its parameters. */
  sql: string;
  params: unknown[];
  transform?: (row: Row) => unknown;
  /** The field names of a row, for the header of an empty CSV export. */
  columns?: readonly string[];
  /**
   * The SQL of a deep page (OFFSET at least DEEP_OFFSET) when the list can find its rows' ids first: the
   * skipped rows are then walked in an index, and only the page's rows are read and built.
   */
  deepPage?: (limit: number, offset: number) => string;
}

/** From this offset on, a page with `deepPage` is read through it. */
export const DEEP_OFFSET = 1000;

/** A page of a list as it will be read: the answer's head, the page's SQL and how many rows it holds. */
interface PagePlan {
  head: { count: number; next: string | null; previous: string | null };
  limitSql: string;
  /** The rows on the page (the count minus the offset, at most the page size). */
  expected: number;
}

function planPage(request: FastifyRequest, pageRequest: PageRequest, source: PageSource): PagePlan {
  const { pageSize } = pageRequest;
  const lastPage = Math.max(1, Math.ceil(source.count / pageSize));
  const page = pageRequest.page === Number.MAX_SAFE_INTEGER ? lastPage : pageRequest.page;
  if (page > lastPage) throw notFound('Неправильная страница. (Invalid page.)');
  const offset = (page - 1) * pageSize;
  return {
    head: {
      count: source.count,
      next: pageUrl(request, page < lastPage ? page + 1 : null),
      previous: pageUrl(request, page > 1 ? page - 1 : null),
    },
    limitSql:
      source.deepPage && offset >= DEEP_OFFSET
        ? source.deepPage(pageSize, offset)
        : `${source.sql} LIMIT ${pageSize} OFFSET ${offset}`,
    expected: Math.min(pageSize, Math.max(0, source.count - offset)),
  };
}

/** True when a page of this size is read in one query and answered from memory (else it is streamed). */
export function pageFitsInMemory(pageRequest: PageRequest): boolean {
  return pageRequest.pageSize <= STREAM_THRESHOLD;
}

/**
 * The answer {count, next, previous, results} of a page that fits in memory (`pageFitsInMemory`), read in
 * one query: for answers kept whole (per data version) as well as sent.
 */
export async function readPage(
  db: RowReader,
  request: FastifyRequest,
  pageRequest: PageRequest,
  source: PageSource,
): Promise<PagePlan['head'] & { results: unknown[] }> {
  if (!pageFitsInMemory(pageRequest)) throw new Error('readPage: the page is too big to read at once');
  const { head, limitSql } = planPage(request, pageRequest, source);
  const rows = await db.query(limitSql, source.params);
  const transform = source.transform;
  return { ...head, results: transform ? rows.map(transform) : rows };
}

/**
 * Answers {count, next, previous, results}. Small pages are one query; big ones (page_size=999999) are
 * written to the socket batch by batch from a cursor, so memory stays flat whatever the row count.
 */
export async function sendPage(
  db: RowReader,
  request: FastifyRequest,
  reply: FastifyReply,
  pageRequest: PageRequest,
  source: PageSource,
): Promise<void> {
  // ?format=csv: the whole filtered, ordered list as a file, whatever the page asked for.
  if (wantsCsv(request.query)) {
    const { transform } = source;
    return sendCsv(db, request, reply, {
      sql: source.sql,
      params: source.params,
      columns: source.columns,
      transform: transform ? (row) => transform(row) as Row : undefined,
    });
  }
  const { head, limitSql, expected } = planPage(request, pageRequest, source);
  const transform = source.transform ?? ((row: Row) => row);

  if (expected <= STREAM_THRESHOLD) {
    const rows = await db.query(limitSql, source.params);
    // As bytes: a large string was encoded again inside the socket's writev, far slower than Buffer.from.
    reply
      .type('application/json; charset=utf-8')
      .send(Buffer.from(JSON.stringify({ ...head, results: rows.map(transform) })));
    return;
  }

  const out = new PassThrough();
  reply.type('application/json; charset=utf-8').send(out);
  const prefix = JSON.stringify(head);
  out.write(`${prefix.slice(0, -1)},"results":[`);
  let first = true;
  try {
    // Rows' JSON built by the database when it can: a string per row, no row object, far less memory
    // for a long list (the 1,000,000-row history dump). A transform needs the rows.
    const asJson =
      !source.transform &&
      db.streamJson &&
      (await db.streamJson(limitSql, source.params, STREAM_BATCH, async (rows) => {
        const chunk = (first ? '' : ',') + rows.join(',');
        first = false;
        await writeOrWait(out, chunk);
      }));
    if (!asJson)
      await db.stream(limitSql, source.params, STREAM_BATCH, async (rows) => {
        let chunk = '';
        for (const row of rows) {
          chunk += (first ? '' : ',') + JSON.stringify(transform(row));
          first = false;
        }
        await writeOrWait(out, chunk);
      });
    out.end(']}');
  } catch (error) {
    request.log.error({ err: error }, 'streamed list failed');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}
