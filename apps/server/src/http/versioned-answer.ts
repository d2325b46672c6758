import { createHash } from 'node:crypto';

import type { RequestParts } from '@toydesk/api-kit';
import { readDataVersion, VersionedCache, type Database, type VersionedTable } from '@toydesk/db';
import type { FastifyReply } from 'fastify';

/**
 * How much JSON the kept answers hold in all (avg-stats-by-name without a filter is ~2.4 MB, a page of 100
 * Steam accounts ~60 KB, one of 10,000 ~6 MB).
 */
const ANSWERS_KEPT_BYTES = 64 * 1024 * 1024;

/**
 * Answers computed from versioned tables, kept as their JSON's UTF-8 bytes per the tables' data version: a
 * kept string would be encoded again on every send (a 2.4 MB one took ~70 ms of writev each time).
 */
export function createAnswerCache(): VersionedCache<Buffer> {
  return new VersionedCache<Buffer>(ANSWERS_KEPT_BYTES, (json) => json.length);
}

/** True when If-None-Match names this ETag (a list of tags, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * Answers with the JSON of `compute()` at the tables' data version: from the cache while the tables have
 * not changed, computed once for all the requests that ask at once otherwise. `key` names the question
 * (route and normalised filters) and must always come with the same tables. The answer carries a weak ETag
 * of the version and the question, so a GET whose If-None-Match names it gets a 304 without any work but
 * reading the version. `storable: false` (answers with masked secrets) keeps the API's `no-store`: the
 * browser keeps nothing, and only a client that sends If-None-Match itself gets 304s.
 */
export async function sendVersionedJson(
  ctx: Pick<RequestParts, 'request' | 'reply'> & {
    services: { db: Database; answers: VersionedCache<Buffer> };
  },
  tables: readonly VersionedTable[],
  key: string,
  compute: () => Promise<unknown>,
  { storable = true }: { storable?: boolean } = {},
): Promise<FastifyReply> {
  const { request, reply } = ctx;
  const cache = ctx.services.answers;
  const version = await readDataVersion(ctx.services.db, tables);
  const question = createHash('sha256')
    .update(`${tables.join(',')}\u0000${key}`)
    .digest('base64url')
    .slice(0, 22);
  const etag = `W/"${version}.${question}"`;
  reply.header('ETag', etag);
  if (storable) reply.header('Cache-Control', 'private, no-cache');
  if (request.method === 'GET' && matches(request.headers['if-none-match'], etag))
    return reply.code(304).send();
  const { value } = await cache.getAt(version, key, async () => Buffer.from(JSON.stringify(await compute())));
  return reply.type('application/json; charset=utf-8').send(value);
}

/** A query's filters as one stable text: keys sorted, values as given. */
export function queryKey(query: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(query)
      .sort()
      .map((k) => [k, query[k]]),
  );
}
