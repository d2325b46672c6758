import type { Queryable } from '../database.ts';

/**
 * The dynamic orders repository (table bot_dynamic_order, migration 013): the buy orders the dynamic-orders
 * loop placed per market account, the only orders it changes or removes (the operator's own orders on other
 * names are never touched). How they are priced is the bots' (apps/bots/src/services/trading/dynamic-orders/).
 */

/** A buy order the loop placed (bot_dynamic_order): the only orders it changes or removes. */
export interface TrackedOrder {
  marketHashName: string;
  /** Doppler phase ('' without one): tm keeps one order per name and phase. */
  phase: string;
  toy: number | null;
  price: string;
  count: number;
}

/** Oldest checked first (saveTrackedOrder stamps updated_at at every check). */
export async function loadTrackedOrders(db: Queryable, marketAccount: number): Promise<TrackedOrder[]> {
  const rows = await db.query<{
    market_hash_name: string;
    phase: string;
    toy: number | null;
    price: string;
    count: number;
  }>(
    `SELECT market_hash_name, phase, toy, price::text AS price, count FROM bot_dynamic_order
     WHERE market_account = $1 ORDER BY updated_at, market_hash_name, phase`,
    [marketAccount],
  );
  return rows.map((row) => ({
    marketHashName: row.market_hash_name,
    phase: row.phase,
    toy: row.toy,
    price: row.price,
    count: row.count,
  }));
}

export async function saveTrackedOrder(
  db: Queryable,
  marketAccount: number,
  order: TrackedOrder,
  currency: string,
): Promise<void> {
  await db.query(
    `INSERT INTO bot_dynamic_order (market_account, market_hash_name, phase, toy, price, count, currency)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (market_account, market_hash_name, phase) DO UPDATE SET toy = excluded.toy,
       price = excluded.price, count = excluded.count, currency = excluded.currency, updated_at = now()`,
    [marketAccount, order.marketHashName, order.phase, order.toy, order.price, order.count, currency],
  );
}

export async function forgetTrackedOrder(
  db: Queryable,
  marketAccount: number,
  order: { marketHashName: string; phase: string },
): Promise<void> {
  await db.query(
    'DELETE FROM bot_dynamic_order WHERE market_account = $1 AND market_hash_name = $2 AND phase = $3',
    [marketAccount, order.marketHashName, order.phase],
  );
}
