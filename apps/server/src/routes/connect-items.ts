import type { Resource } from '../resources/resource.ts';
import { Params } from '../resources/sql.ts';
import { writeContext, type AnyApiContext } from './handler.ts';

/**
 * Links rows without a toy (history or inventory) to the catalogue: first by classid_instanceid, then by
 * market_hash_name. Audited like every other change.
 */
export async function connectToToys(ctx: AnyApiContext, resource: Resource, ids: number[] | undefined) {
  return ctx.services.db.transaction(async (tx) => {
    const scope = (params: Params) => (ids ? ` AND t.id = ANY(${params.add(ids)}::int[])` : '');
    const run = async (matchSql: string, extraWhere: string) => {
      const params = new Params();
      const where = `WHERE t.toy IS NULL${scope(params)} AND ${extraWhere}`;
      return resource.updateAudited(tx, [{ column: 'toy', set: matchSql }], where, params, writeContext(ctx));
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
