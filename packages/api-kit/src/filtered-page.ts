import type { FastifyReply } from 'fastify';

import { readPage, readPageRequest, sendPage, type PageRequest, type PageSource } from './pagination.ts';
import type { RequestParts } from './route-context.ts';
import type { RowReader } from './row-reader.ts';

/** A table's list filters (the server's Resource): the query's filters and ordering as SQL, and a count. */
export interface ListFilters<Db extends RowReader> {
  parseList(query: Record<string, unknown>): { where: string; orderBy: string; params: unknown[] };
  count(db: Db, where: string, params: unknown[]): Promise<number>;
  /** The table behind alias t, when its rows have an `id`: deep pages then find their ids first. */
  readonly table?: string;
}

type FilteredPageContext<Db extends RowReader> = Pick<RequestParts, 'request' | 'reply' | 'rawQuery'> & {
  services: { db: Db };
};

/** The page asked for and where its rows come from: the filters, the count, the select and its deep path. */
async function filteredPageSource<Db extends RowReader>(
  ctx: FilteredPageContext<Db>,
  filters: ListFilters<NoInfer<Db>>,
  select: (where: string, orderBy: string) => string,
  extra: Pick<PageSource, 'transform' | 'columns'>,
): Promise<{ pageRequest: PageRequest; source: PageSource }> {
  const pageRequest = readPageRequest(ctx.rawQuery);
  const { where, orderBy, params } = filters.parseList(ctx.rawQuery);
  const count = await filters.count(ctx.services.db, where, params);
  const { table } = filters;
  const source: PageSource = {
    count,
    sql: select(where, orderBy),
    params,
    // A deferred join: the page's ids in the list's order (the filters and order read only t), then the
    // list's own select of those rows, in the same order. The same rows as LIMIT/OFFSET on the select.
    deepPage: table
      ? (limit, offset) =>
          select(
            `WHERE t.id IN (SELECT t.id FROM ${table} t ${where} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset})`,
            orderBy,
          )
      : undefined,
    ...extra,
  };
  return { pageRequest, source };
}

/**
 * One page of a table's filtered list (`GET .../`, `.../extended/`): the page asked for, the table's filters
 * and ordering from the query string, the count, then the rows of `select(where, orderBy)` — the select names
 * the table `t` and may join what the list shows beside it. Answers through the reply (JSON or CSV).
 */
export async function sendFilteredPage<Db extends RowReader>(
  ctx: FilteredPageContext<Db>,
  filters: ListFilters<NoInfer<Db>>,
  select: (where: string, orderBy: string) => string,
  extra: Pick<PageSource, 'transform' | 'columns'> = {},
): Promise<FastifyReply> {
  const { pageRequest, source } = await filteredPageSource(ctx, filters, select, extra);
  await sendPage(ctx.services.db, ctx.request, ctx.reply, pageRequest, source);
  return ctx.reply;
}

/**
 * The answer of sendFilteredPage as a value, for a page that fits in memory (`pageFitsInMemory`): what a
 * list kept whole per data version computes once.
 */
export async function readFilteredPage<Db extends RowReader>(
  ctx: FilteredPageContext<Db>,
  filters: ListFilters<NoInfer<Db>>,
  select: (where: string, orderBy: string) => string,
): Promise<Awaited<ReturnType<typeof readPage>>> {
  const { pageRequest, source } = await filteredPageSource(ctx, filters, select, {});
  return readPage(ctx.services.db, ctx.request, pageRequest, source);
}
