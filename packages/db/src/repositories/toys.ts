import type { EntityRepository, WriteContext } from '../crud/entity-repository.ts';
import type { Database } from '../database.ts';
import { InvalidInput } from '../errors.ts';

/**
 * Sets `ignore_price` on the toys named by id or by market hash name (`toys` is `ENTITY_TABLES.toy`'s
 * repository), audited; all or nothing: one unknown id or name refuses the whole call, as the bulk updates
 * do. Returns the ids changed.
 */
export async function setToysIgnorePrice(
  db: Database,
  toys: EntityRepository,
  wanted: { ids: number[]; names: string[] },
  value: boolean,
  ctx: WriteContext,
): Promise<number[]> {
  const where = 'WHERE (t.id = ANY($1::int[]) OR t.market_hash_name = ANY($2::text[]))';
  return db.transaction(async (tx) => {
    const found = await tx.query<{ id: number; market_hash_name: string }>(toys.selectSql(where), [
      wanted.ids,
      wanted.names,
    ]);
    const knownIds = new Set(found.map((r) => r.id));
    const knownNames = new Set(found.map((r) => r.market_hash_name));
    const missingIds = wanted.ids.filter((id) => !knownIds.has(id));
    const missingNames = wanted.names.filter((name) => !knownNames.has(name));
    if (missingIds.length > 0 || missingNames.length > 0) {
      throw new InvalidInput({
        ...(missingIds.length > 0
          ? { id: [`Не найдены id: ${missingIds.slice(0, 20).join(', ')}. (Not found.)`] }
          : {}),
        ...(missingNames.length > 0
          ? { market_hash_name: [`Не найдены: ${missingNames.slice(0, 20).join(', ')}. (Not found.)`] }
          : {}),
      });
    }
    return toys.updateWhere(tx, { ignore_price: value }, where, [wanted.ids, wanted.names], ctx);
  });
}
