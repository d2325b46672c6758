import {
  APP_TOKEN_HEADER,
  API_ROUTES_BY_ID,
  BOT_ROUTES_BY_ID,
  fillPath,
  type ApiRouteId,
  type BotRouteId,
} from '@toydesk/contract';

import { backendBaseUrl, botsBaseUrl } from './env';
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

/** Ids the query string of one export can name: about 8 characters each, well under a 16 KB request line. */
export const MAX_EXPORT_IDS = 1500;

/**
 * The export of a list the screen filters in the browser (all rows loaded, filters applied on the client):
 * the server's same list, limited by id to the rows shown when a filter hides some. Undefined (no button)
 * when more rows are shown than one request can name.
 */
export function shownRowsExportUrl(
  routeId: ApiRouteId,
  shown: readonly { id: number }[],
  loaded: number,
): string | undefined {
  if (shown.length === loaded) return csvExportUrl(routeId, {});
  if (shown.length > MAX_EXPORT_IDS) return undefined;
  // No rows shown: an id no row has, so the file is the header alone.
  return csvExportUrl(routeId, { id: shown.length ? shown.map((row) => row.id) : [0] });
}

/**
 * Downloads a bot-service list (jobs, alerts, deliveries) as CSV. Those calls need the X-App-Token header,
 * which a plain link cannot send: the file is fetched with it and handed to the browser as a download.
 * False when the server refused.
 */
export async function downloadBotCsv(
  routeId: BotRouteId,
  query: QueryParams,
  token: string,
): Promise<boolean> {
  const filters = Object.fromEntries(Object.entries(query).filter(([key]) => !PAGING.has(key)));
  const url = withQuery(`${botsBaseUrl()}${BOT_ROUTES_BY_ID[routeId].path}`, { ...filters, format: 'csv' });
  const response = await fetch(url, { headers: { [APP_TOKEN_HEADER]: token }, credentials: 'include' }).catch(
    () => null,
  );
  if (!response?.ok) return false;
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the blob is no longer needed once it has been read.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return true;
}
