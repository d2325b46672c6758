import type { EntityRepository, WriteContext } from '../crud/entity-repository.ts';
import { Params } from '../crud/sql.ts';
import type { Database } from '../database.ts';

/**
 * Links rows without a toy (`toy_history` or `steam_inventory`, by their EntityRepository) to the catalogue:
 * first by classid_instanceid, then by market_hash_name; only the given ids when there are some. Audited
 * like every other change.
 */
export async function connectToToys(
  db: Database,
  resource: EntityRepository,
  ids: number[] | undefined,
  ctx: WriteContext,
) {
  return db.transaction(async (tx) => {
    const scope = (params: Params) => (ids ? ` AND t.id = ANY(${params.add(ids)}::int[])` : '');
    const run = async (matchSql: string, extraWhere: string) => {
      const params = new Params();
      const where = `WHERE t.toy IS NULL${scope(params)} AND ${extraWhere}`;
      return resource.updateAudited(tx, [{ column: 'toy', set: matchSql }], where, params, ctx);
    };
    const byClass = await run(
      '(SELECT min(x.id) FROM toy x WHERE x.classid_instanceid = u.classid_instanceid)',
      'EXISTS (SELECT 1 FROM toy x WHERE x.classid_instanceid = t.classid_instanceid)',
    );
    const byName = await run(
      '(SELECT x.id FROM toy x WHERE x.market_hash_name = u.market_hash_name)',
      'EXISTS (SELECT 1 FROM toy x WHERE x.market_hash_name = t.market_hash_name)',
    );
    const params = new Params();
    const left = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${resource.table} t WHERE t.toy IS NULL${scope(params)}`,
      params.values,
    );
    return {
      connected: byClass.length + byName.length,
      by_classid_instanceid: byClass.length,
      by_market_hash_name: byName.length,
      unmatched: left[0]?.n ?? 0,
    };
  });
}
