import type { setPointStatusQuerySchema } from '@toydesk/contract';
import type { z } from 'zod';

import type { EntityRepository, WriteContext } from '../crud/entity-repository.ts';
import type { Database } from '../database.ts';

type PricePoint = {
  id: number;
  market: string;
  market_hash_name: string;
  date: string;
};

/**
 * Gives a price point (`history_stat`, named by id or by market, name and day) a record status, and the same
 * status to that name's `toy_history` rows of that market and day, both audited. With no collected point for
 * that day, one is made from our own history of the day first. Null when there is no such point.
 */
export async function setHistoryPointStatus(
  db: Database,
  tables: { historyStat: EntityRepository; toyHistory: EntityRepository },
  q: z.output<typeof setPointStatusQuerySchema>,
  ctx: WriteContext,
): Promise<{ point: number; history: number } | null> {
  return db.transaction(async (tx) => {
    let point = q.id
      ? (
          await tx.query<PricePoint>(
            'SELECT id, market, market_hash_name, date FROM history_stat WHERE id = $1',
            [q.id],
          )
        )[0]
      : (
          await tx.query<PricePoint>(
            'SELECT id, market, market_hash_name, date FROM history_stat WHERE market = $1 AND market_hash_name = $2 AND date = $3',
            [q.market, q.market_hash_name, q.date],
          )
        )[0];
    if (!point && !q.id) {
      const created = await tables.historyStat.upsert(
        tx,
        (
          await tx.query(
            `SELECT market, market_hash_name, max(toy) AS toy, (date AT TIME ZONE 'UTC')::date::text AS date,
                    round(avg(price), 2)::text AS avg_price, min(price)::text AS min_price, max(price)::text AS max_price,
                    count(*)::int AS volume, min(currency) AS currency
             FROM toy_history WHERE market = $1 AND market_hash_name = $2 AND (date AT TIME ZONE 'UTC')::date = $3::date
             GROUP BY market, market_hash_name, (date AT TIME ZONE 'UTC')::date`,
            [q.market, q.market_hash_name, q.date],
          )
        ).map((r) => ({ ...r })),
        { columns: ['market', 'market_hash_name', 'date'] },
        ctx,
      );
      if (created.ids[0])
        point = {
          id: created.ids[0],
          market: q.market!,
          market_hash_name: q.market_hash_name!,
          date: q.date!,
        };
    }
    if (!point) return null;
    const pointIds = await tables.historyStat.updateWhere(
      tx,
      { point_status: q.status },
      'WHERE t.id = $1',
      [point.id],
      ctx,
    );
    const historyIds = await tables.toyHistory.updateWhere(
      tx,
      { record_status: q.status },
      `WHERE t.market = $1 AND t.market_hash_name = $2 AND (t.date AT TIME ZONE 'UTC')::date = $3::date AND t.record_status <> $4`,
      [point.market, point.market_hash_name, point.date, q.status],
      ctx,
    );
    return { point: pointIds.length, history: historyIds.length };
  });
}
