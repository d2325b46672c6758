/**
 * How a big list is read (EntityTable): a small first page for the first rows, then, once the operator
 * scrolls to the end of what is loaded, the next chunks of large pages, a few requests at a time. Before,
 * 50,000 history rows took 99 requests of 500 one after another, each only when the table reached the end
 * of the last (25–43 s, bench:web); large pages cost the server less per row, and parallel ones overlap
 * the database's work with the transfer and the browser's parsing.
 */
export interface ListPaging {
  /** Rows of the first request (what the table shows first). */
  firstPage: number;
  /** Rows per chunk request after the first page (page n of this size: the API's page numbers). */
  chunkRows: number;
  /** Chunks asked for each time the table reaches the end of the loaded rows. */
  chunksPerStep: number;
  /** Chunk requests in flight at once. */
  inFlight: number;
}

/**
 * Chunks of 5,000, four in flight (session 14; were 10,000 and three): the same 50,000 rows per step, but
 * the server's two cores stay busy while the browser parses the last answer, and the last answer, which
 * nobody can overlap, is half as long to read and parse. Four leave two of the browser's six connections
 * per host for the screen's other calls. bench:web `BENCH_ONLY=load`, docs/benchmarks.md session 14.
 */
export const LIST_PAGING: ListPaging = { firstPage: 500, chunkRows: 5_000, chunksPerStep: 10, inFlight: 4 };

/**
 * The window property the browser tests set (an init script) to cross many page boundaries on the demo's
 * few hundred rows; nothing else sets it.
 */
export const LIST_PAGING_OVERRIDE = '__toydeskListPaging';

/** LIST_PAGING, or the browser tests' smaller sizes when they set them. */
export function listPaging(firstPage = LIST_PAGING.firstPage): ListPaging {
  const override =
    typeof window === 'undefined'
      ? undefined
      : (window as unknown as Record<string, Partial<ListPaging> | undefined>)[LIST_PAGING_OVERRIDE];
  return { ...LIST_PAGING, firstPage, ...override };
}
