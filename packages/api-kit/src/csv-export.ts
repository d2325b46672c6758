import { PassThrough } from 'node:stream';

import { queryValue } from '@toydesk/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { Row, RowReader } from './row-reader.ts';
import { writeOrWait } from './write-or-wait.ts';

/** Rows read from the cursor per round trip: memory stays flat whatever the list's size. */
const CSV_BATCH = 2000;
/** Excel opens a UTF-8 file as UTF-8 (Cyrillic names intact) only when it starts with the byte order mark. */
export const UTF8_BOM = '\uFEFF';

/** True when a list request asks for the whole filtered list as a CSV file (`?format=csv`). */
export function wantsCsv(query: unknown): boolean {
  return queryValue((query ?? {}) as Record<string, unknown>, 'format') === 'csv';
}

/**
 * One value as CSV text. Strings stay as they are (64-bit ids and money are strings in our rows, so they keep
 * every digit and their plain decimal form), objects and arrays become JSON, null is empty.
 */
export function csvValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/**
 * RFC 4180 quoting: a field with a comma, quote, CR or LF is quoted and its quotes doubled. A text that a
 * spreadsheet would run as a formula (=, +, @, a tab, or - not followed by a number) gets a leading
 * apostrophe, so a market_hash_name or a comment cannot become one in the operator's Excel.
 */
export function csvField(value: unknown): string {
  let text = csvValue(value);
  if (/^[=+@\t\r]/.test(text) || (/^-/.test(text) && !/^-\d+(\.\d+)?$/.test(text))) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/**
 * A whole CSV document of rows already read (the bot services' lists, which read one page of at most
 * BOT_CSV_MAX_ROWS rows): BOM, header row of the first row's fields, one line per row.
 */
export function csvDocument(rows: readonly Row[], columns?: readonly string[]): string {
  const names = columns ?? (rows[0] ? Object.keys(rows[0]) : []);
  let text = UTF8_BOM + (names.length ? csvLine(names) : '');
  for (const row of rows) text += csvLine(names.map((name) => row[name]));
  return text;
}

/** The most rows one bot-service list exports at once (jobs, alerts, deliveries are read as one page). */
export const BOT_CSV_MAX_ROWS = 100_000;

/** `bot-jobs.list` → `bot-jobs-2026-11-25.csv`: the file name of a download. */
export function csvFileName(routeId: string | undefined): string {
  const base = (routeId ?? 'export').replace(/\.(list|extended)$/, '').replace(/[^a-zA-Z0-9_-]+/g, '-');
  return `${base}-${new Date().toISOString().slice(0, 10)}.csv`;
}

/** A paged list's answer ({count, results: rows}): what ?format=csv turns into a file. */
export function isPage(value: unknown): value is { count: number; results: Record<string, unknown>[] } {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { results?: unknown }).results) &&
    typeof (value as { count?: unknown }).count === 'number'
  );
}

/**
 * Sends a handler's answer: with `?format=csv`, a paged list read in memory as a CSV file named after the
 * route; anything else as JSON.
 */
export function sendJsonOrCsv(
  result: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  routeId: string,
) {
  if (!wantsCsv(request.query) || !isPage(result)) return reply.send(result);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csvFileName(routeId)}"`)
    .header('cache-control', 'no-store')
    .send(csvDocument(result.results));
}

export interface CsvSource {
  /** The list's SQL with its filters and ordering, without LIMIT/OFFSET. */
  sql: string;
  params: unknown[];
  /** Column names when known before any row (an empty list still has its header row). */
  columns?: readonly string[];
  transform?: (row: Row) => Row;
}

function fileName(request: FastifyRequest): string {
  return csvFileName((request.routeOptions.config as { routeId?: string } | undefined)?.routeId);
}

/**
 * Streams every row a list's query selects as CSV (UTF-8 with BOM, a header row of field names, CRLF lines),
 * batch by batch from a cursor, waiting for the socket to drain: no page limit, bounded memory.
 */
export async function sendCsv(
  db: RowReader,
  request: FastifyRequest,
  reply: FastifyReply,
  source: CsvSource,
): Promise<void> {
  const out = new PassThrough();
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName(request)}"`)
    .header('cache-control', 'no-store')
    .send(out);
  let columns = source.columns ? [...source.columns] : null;
  out.write(UTF8_BOM + (columns ? csvLine(columns) : ''));
  const transform = source.transform ?? ((row: Row) => row);
  try {
    await db.stream(source.sql, source.params, CSV_BATCH, async (rows) => {
      let chunk = '';
      for (const raw of rows) {
        const row = transform(raw);
        if (!columns) {
          columns = Object.keys(row);
          chunk += csvLine(columns);
        }
        chunk += csvLine(columns.map((name) => row[name]));
      }
      await writeOrWait(out, chunk);
    });
    out.end();
  } catch (error) {
    request.log.error({ err: error }, 'CSV export failed');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}
