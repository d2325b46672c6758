import type { FastifyRequest } from 'fastify';

import { ApiError } from './api-error.ts';
import { BOT_CSV_MAX_ROWS, wantsCsv } from './csv-export.ts';
import { pageUrl } from './pagination.ts';

/** One page of a list read in memory (the bot services' lists): its number, its size and the answer. */
export interface PageHelper {
  number: number;
  size: number;
  /** The DRF page: {count, next, previous, results}; a page past the last answers 404. */
  answer<T>(
    count: number,
    results: T[],
  ): { count: number; next: string | null; previous: string | null; results: T[] };
}

/**
 * The page a request asks for (`page`, `page_size`). With `?format=csv` it is the whole filtered list, up to
 * BOT_CSV_MAX_ROWS rows, as one page (sent as a file by the route registration's `send`).
 */
export function pageHelper(request: FastifyRequest, defaultSize = 100): PageHelper {
  const query = request.query as Record<string, unknown>;
  const csv = wantsCsv(query);
  const sizeText = typeof query.page_size === 'string' ? query.page_size : '';
  const size = csv
    ? BOT_CSV_MAX_ROWS
    : /^\d{1,6}$/.test(sizeText) && Number(sizeText) > 0
      ? Number(sizeText)
      : defaultSize;
  const pageText = csv ? '1' : typeof query.page === 'string' ? query.page : '1';
  const valid = /^\d{1,9}$/.test(pageText) && Number(pageText) >= 1;
  const number = valid ? Number(pageText) : 1;
  return {
    number,
    size,
    answer(count, results) {
      const last = Math.max(1, Math.ceil(count / size));
      if (!valid || number > last)
        throw new ApiError(404, { detail: 'Неправильная страница. (Invalid page.)' });
      return {
        count,
        next: pageUrl(request, number < last ? number + 1 : null),
        previous: pageUrl(request, number > 1 ? number - 1 : null),
        results,
      };
    },
  };
}
