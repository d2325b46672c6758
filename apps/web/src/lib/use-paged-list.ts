import {
  keepPreviousData,
  useQueries,
  useQuery,
  useQueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { ApiQuery } from '@toydesk/contract';
import { useCallback, useMemo, useState } from 'react';

import { joinListPages } from './join-list-pages';
import { listPaging } from './list-paging';
import type { LiveMeta } from './live-updates';
import { apiListPageKey, fetchListPage, type ListPage, type ListRouteId, type ListRow } from './query';
import { createSlots } from './request-slots';

export interface PagedList<Row> {
  /** The loaded rows, contiguous from the top of the list, each id once. */
  rows: Row[];
  /** The server's count of the whole list (0 until the first page is there). */
  total: number;
  isFetching: boolean;
  isError: boolean;
  /** The table reached the end of the loaded rows: read the next chunks, if any. */
  loadMore: () => void;
  /** Reads every loaded page again. */
  refetch: () => void;
}

interface Chunks {
  pages: (readonly unknown[] | undefined)[];
  fetching: boolean;
  failed: boolean;
}

/** Module-level, so TanStack runs it again only when a chunk's result changes. */
function combineChunks(results: UseQueryResult<ListPage<unknown>>[]): Chunks {
  return {
    pages: results.map((result) => result.data?.results),
    fetching: results.some((result) => result.isFetching),
    failed: results.some((result) => result.isError),
  };
}

/**
 * A big list read as lib/list-paging.ts says: page 1 of `firstPageSize` rows at once (the early request of
 * index.html for the first screens), then, each time the table reaches the end of the loaded rows, the
 * next few chunks of `chunkRows`, requested at most `inFlight` at a time, in order. Every page is its own
 * query (key `apiListPageKey`), so invalidating `['api', id]` reads the loaded pages again side by side,
 * not one after another as an infinite query would. A new query (filters, order, search) starts again from
 * its first page; the old first page stays on screen until the new one is there.
 */
export function usePagedList<Id extends ListRouteId>(
  id: Id,
  query: ApiQuery<Id>,
  firstPageSize: number,
  idOf: (row: ListRow<Id>) => unknown,
  /** The pages' query meta, e.g. the live topics that read them again (lib/live-updates.ts). */
  meta?: LiveMeta,
): PagedList<ListRow<Id>> {
  const paging = useMemo(() => listPaging(firstPageSize), [firstPageSize]);
  const slots = useMemo(() => createSlots(paging.inFlight), [paging.inFlight]);
  const client = useQueryClient();

  const first = useQuery({
    queryKey: apiListPageKey(id, query, paging.firstPage, 1),
    queryFn: ({ signal }) => fetchListPage(id, query, paging.firstPage, 1, signal),
    placeholderData: keepPreviousData,
    meta,
  });
  const current = first.data !== undefined && !first.isPlaceholderData;
  const total = first.data?.count ?? 0;
  const chunkCount =
    current && total > (first.data?.results.length ?? 0) ? Math.ceil(total / paging.chunkRows) : 0;

  // How many chunks the operator's scrolling has asked for, for this query only.
  const queryText = JSON.stringify(query);
  const [wanted, setWanted] = useState({ query: queryText, chunks: 0 });
  const wantedChunks = wanted.query === queryText ? Math.min(wanted.chunks, chunkCount) : 0;

  const chunks = useQueries({
    queries: Array.from({ length: wantedChunks }, (_, index) => ({
      queryKey: apiListPageKey(id, query, paging.chunkRows, index + 1),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        slots(() => fetchListPage(id, query, paging.chunkRows, index + 1, signal), signal),
      meta,
    })),
    combine: combineChunks,
  });

  const rows = useMemo(
    () => joinListPages(first.data?.results, chunks.pages as (ListRow<Id>[] | undefined)[], idOf),
    [first.data, chunks.pages, idOf],
  );

  const wantedIn = chunks.pages.every((page) => page !== undefined);
  const loadMore = useCallback(() => {
    if (!current || !wantedIn || wantedChunks >= chunkCount) return;
    setWanted({ query: queryText, chunks: wantedChunks + paging.chunksPerStep });
  }, [current, wantedIn, wantedChunks, chunkCount, queryText, paging.chunksPerStep]);

  const refetch = useCallback(
    () => void client.invalidateQueries({ queryKey: ['api', id, 'page', query] }),
    [client, id, query],
  );

  return {
    rows,
    total,
    isFetching: first.isFetching || chunks.fetching,
    isError: first.isError || chunks.failed,
    loadMore,
    refetch,
  };
}
