import { API_ROUTES_BY_ID, fillPath, type ApiRouteId } from '@toydesk/contract';

import { backendBaseUrl } from './env';
import { withQuery, type QueryParams } from './query-string';

/** Paging keys of a list query: the export takes every row, whatever page the table has read. */
const PAGING = new Set(['page', 'page_size', 'format']);

/**
 * The URL that downloads a whole list as CSV: the same route, filters, search and ordering as the table,
 * with `format=csv` (the server streams every matching row). A plain link, so the browser writes the file
 * to disk as it arrives, with the session cookie like any GET.
 */
export function csvExportUrl(
  routeId: ApiRouteId,
  query: QueryParams | undefined,
  params: Record<string, string | number> = {},
): string {
  const filters = Object.fromEntries(Object.entries(query ?? {}).filter(([key]) => !PAGING.has(key)));
  const path = fillPath(API_ROUTES_BY_ID[routeId].path, params);
  return withQuery(`${backendBaseUrl()}${path}`, { ...filters, format: 'csv' });
}
