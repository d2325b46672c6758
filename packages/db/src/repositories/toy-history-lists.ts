import type { ListQuery } from '@toydesk/contract';

import type { EntityRepository, WriteContext } from '../crud/entity-repository.ts';
import type { Queryable, Row } from '../database.ts';
import { invalidField } from '../errors.ts';
import { MARKET_ACCOUNT_LABEL_SQL } from './market-account-label.ts';

/**
 * `toy_history` as the console's history screen reads and writes it beyond the generic CRUD (`history` is
 * the table's EntityRepository, `ENTITY_TABLES.toyHistory`): rows per name, the extended list, bulk upserts.
 */

/** Rows, buys and sells per market hash name over the list's filters, the most frequent first. */
export async function countToyHistoryByName(
  db: Queryable,
  history: EntityRepository,
  query: ListQuery,
): Promise<Row[]> {
  const { where, params } = history.parseList(query);
  return db.query(
    `SELECT t.market_hash_name, count(*)::int AS count,
            count(*) FILTER (WHERE t.side = 'buy')::int AS buy_count, count(*) FILTER (WHERE t.side = 'sell')::int AS sell_count
     FROM toy_history t ${where} GROUP BY t.market_hash_name ORDER BY count(*) DESC, t.market_hash_name`,
    params,
  );
}

/** The select of the extended list: each row with its toy, Steam account and market account label. */
export const toyHistoryExtendedSql =
  (history: EntityRepository) =>
  (where: string, orderBy: string): string =>
    `SELECT ${history.selectList}, x.ru_name, x.icon_url, x.label AS toy_label, s.steam_account_name,
                   ${MARKET_ACCOUNT_LABEL_SQL('ma')} AS market_account_label
            FROM toy_history t
            LEFT JOIN toy x ON x.id = t.toy
            LEFT JOIN steam_account s ON s.id = t.steam_account
            LEFT JOIN market_account ma ON ma.id = t.market_account
            ${where} ORDER BY ${orderBy}`;

/**
 * Creates or updates validated history rows: by id when given (every id must exist: a 400 naming the first
 * missing row), by (market, side, market_item_id) when a row has both, else as new rows.
 */
export async function upsertToyHistoryRows(
  tx: Queryable,
  history: EntityRepository,
  rows: Record<string, unknown>[],
  ctx: WriteContext,
): Promise<{ created: number; updated: number }> {
  const withId = rows.map((row, index) => ({ row, index })).filter((r) => r.row.id !== undefined);
  if (withId.length) {
    const known = await history.existingIds(
      tx,
      withId.map((r) => r.row.id as number),
    );
    const missing = withId.find((r) => !known.has(r.row.id as number));
    if (missing) throw invalidField('id', 'Запись не найдена. (Not found.)', missing.index);
  }
  const byKey = rows.filter((r) => r.id === undefined && r.market_item_id && r.market);
  const plain = rows.filter((r) => r.id === undefined && !(r.market_item_id && r.market));
  const a = withId.length
    ? await history.upsert(
        tx,
        withId.map((r) => r.row),
        { columns: ['id'] },
        ctx,
      )
    : { created: 0, updated: 0 };
  const b = byKey.length
    ? await history.upsert(
        tx,
        byKey,
        { columns: ['market', 'side', 'market_item_id'], where: 'market_item_id IS NOT NULL' },
        ctx,
      )
    : { created: 0, updated: 0 };
  const c = plain.length ? await history.upsert(tx, plain, null, ctx) : { created: 0, updated: 0 };
  return { created: a.created + b.created + c.created, updated: a.updated + b.updated + c.updated };
}
