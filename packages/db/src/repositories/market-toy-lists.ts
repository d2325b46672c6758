import type { ListQuery } from '@toydesk/contract';

import type { EntityRepository, WriteContext } from '../crud/entity-repository.ts';
import type { Queryable } from '../database.ts';

/**
 * `market_toy` beyond the generic CRUD (`marketToys` is `ENTITY_TABLES.marketToy`'s repository): upserts by
 * market hash name, a list of some fields only, the names a list selects.
 */

/**
 * Creates or updates market toys named by market hash name (validated rows, one per name and market),
 * making the catalogue toys that do not exist yet; all audited.
 */
export async function upsertMarketToysByName(
  tx: Queryable,
  tables: { toy: EntityRepository; marketToy: EntityRepository },
  rows: Record<string, unknown>[],
  ctx: WriteContext,
): Promise<{ created: number; updated: number; toys_created: number }> {
  const names = [...new Set(rows.map((r) => r.market_hash_name as string))];
  const existing = await tx.query<{ id: number; market_hash_name: string }>(
    'SELECT id, market_hash_name FROM toy WHERE market_hash_name = ANY($1::text[])',
    [names],
  );
  const known = new Set(existing.map((r) => r.market_hash_name));
  const missing = names.filter((n) => !known.has(n));
  if (missing.length)
    await tables.toy.upsert(
      tx,
      missing.map((market_hash_name) => ({ market_hash_name })),
      { columns: ['market_hash_name'] },
      ctx,
    );
  const toys = await tx.query<{ id: number; market_hash_name: string }>(
    'SELECT id, market_hash_name FROM toy WHERE market_hash_name = ANY($1::text[])',
    [names],
  );
  const idByName = new Map(toys.map((r) => [r.market_hash_name, r.id]));
  const marketRows = rows.map(({ market_hash_name, ...rest }) => ({
    ...rest,
    toy: idByName.get(market_hash_name as string)!,
  }));
  const result = await tables.marketToy.upsert(tx, marketRows, { columns: ['toy', 'market'] }, ctx);
  return { created: result.created, updated: result.updated, toys_created: missing.length };
}

/** The select of a list of market toys with only these fields (each a field of the entity). */
export const marketToyFieldsSql =
  (marketToys: EntityRepository, fields: string[]) =>
  (where: string, orderBy: string): string =>
    `SELECT ${fields.map((f) => marketToys.selectParts[f]).join(', ')} FROM market_toy t ${where} ORDER BY ${orderBy}`;

/** The distinct market hash names of the market toys a list query selects, in order. */
export async function listMarketToyNames(
  db: Queryable,
  marketToys: EntityRepository,
  query: ListQuery,
): Promise<string[]> {
  const { where, params } = marketToys.parseList(query);
  const rows = await db.query<{ market_hash_name: string }>(
    `SELECT DISTINCT x.market_hash_name FROM market_toy t JOIN toy x ON x.id = t.toy ${where} ORDER BY x.market_hash_name`,
    params,
  );
  return rows.map((r) => r.market_hash_name);
}
