import { QueryClient, queryOptions } from '@tanstack/react-query';
import type { ApiCallOptions, ApiQuery, ApiResponse, ApiRouteId } from '@toydesk/contract';

import { api } from './api-client';
import type { RequestResult } from './request';

/** A failed call as TanStack Query sees it; the wrapper has already notified the operator. */
export class ApiFailure extends Error {
  readonly status: number;
  readonly errors: unknown;

  constructor(result: RequestResult<unknown>) {
    super(result.error ?? `HTTP ${result.status}`);
    this.name = 'ApiFailure';
    this.status = result.status;
    this.errors = result.errors;
  }
}

/** The data of a successful result; a failure becomes an ApiFailure for the query's error state. */
export function unwrap<T>(result: RequestResult<T>): T {
  if (!result.success) throw new ApiFailure(result);
  return result.data as T;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The request wrapper retries by spec section 9; a second layer of retries would multiply them.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** The page_size that reads a whole list in one reply (spec section 7). */
export const ALL_ROWS = 999999;

/** A Django-REST-framework page. */
export interface ListPage<Row> {
  count: number;
  next: string | null;
  previous: string | null;
  results: Row[];
}

/** Route ids whose reply is a page of rows. */
export type ListRouteId = {
  [Id in ApiRouteId]: ApiResponse<Id> extends ListPage<unknown> ? Id : never;
}[ApiRouteId];
export type ListRow<Id extends ListRouteId> = ApiResponse<Id> extends ListPage<infer Row> ? Row : never;

/** Query options of any route: key ['api', id, options], data the route's reply. */
export function apiQueryOptions<Id extends ApiRouteId>(id: Id, options: ApiCallOptions<Id> = {}) {
  return queryOptions({
    queryKey: ['api', id, options] as const,
    queryFn: async ({ signal }) => unwrap(await api.call(id, options, { signal })) as ApiResponse<Id>,
  });
}

/** The cache key of one page of a list: ['api', id, 'page', query, pageSize, page]. */
export function apiListPageKey<Id extends ListRouteId>(
  id: Id,
  query: ApiQuery<Id>,
  pageSize: number,
  page: number,
) {
  return ['api', id, 'page', query, pageSize, page] as const;
}

/** One page of a list (DRF page numbers: page n of page_size rows). */
export async function fetchListPage<Id extends ListRouteId>(
  id: Id,
  query: ApiQuery<Id>,
  pageSize: number,
  page: number,
  signal?: AbortSignal,
): Promise<ListPage<ListRow<Id>>> {
  const options = { query: { ...query, page, page_size: pageSize } } as ApiCallOptions<Id>;
  return unwrap(await api.call(id, options, { signal })) as ListPage<ListRow<Id>>;
}
