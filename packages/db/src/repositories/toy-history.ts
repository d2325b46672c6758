import { toyHistoryEntity, type ToyHistory } from '@toydesk/contract';

import { writeAudit } from '../audit/audit-log.ts';
import type { Queryable, Row } from '../database.ts';

/**
 * The toy history repository (table toy_history): the deals the bots' ledger records beside the console's
 * own rows (which go through the server's generic resource).
 */

/** A deal a market reported: the contract's row without what the database sets; a null `date` means now. */
export type NewToyHistoryDeal = Pick<
  ToyHistory,
  | 'market_hash_name'
  | 'classid_instanceid'
  | 'side'
  | 'price'
  | 'currency'
  | 'market_account'
  | 'steam_account'
  | 'trade_id'
  | 'offer_id'
  | 'asset_id'
  | 'comment'
> & { market: NonNullable<ToyHistory['market']>; market_item_id: string; date: string | null };

/**
 * Inserts a deal by `actor` with its audit entry (in the caller's transaction), the toy found by its name;
 * returns its id. The operator may have entered the deal by hand (bulk create-or-update): the unique deal
 * index (market, side, market item id) keeps one row, and the id returned is then the operator's row's.
 */
export async function insertToyHistoryDeal(
  tx: Queryable,
  actor: string,
  deal: NewToyHistoryDeal,
): Promise<number> {
  const [inserted] = await tx.query<Row & { id: number }>(
    `INSERT INTO toy_history (toy, market_hash_name, classid_instanceid, side, price, currency, market,
       market_account, steam_account, date, market_item_id, trade_id, offer_id, asset_id, comment)
     VALUES ((SELECT id FROM toy WHERE market_hash_name = $1), $1, $2, $3, $4, $5, $6, $7, $8,
       coalesce($9::timestamptz, now()), $10, $11, $12, $13, $14)
     ON CONFLICT (market, side, market_item_id) WHERE market_item_id IS NOT NULL DO NOTHING
     RETURNING *`,
    [
      deal.market_hash_name,
      deal.classid_instanceid,
      deal.side,
      deal.price,
      deal.currency,
      deal.market,
      deal.market_account,
      deal.steam_account,
      deal.date,
      deal.market_item_id,
      deal.trade_id,
      deal.offer_id,
      deal.asset_id,
      deal.comment,
    ],
  );
  if (inserted) {
    await writeAudit(tx, actor, 'create', toyHistoryEntity.name, [
      { id: inserted.id, before: null, after: inserted },
    ]);
    return inserted.id;
  }
  const [existing] = await tx.query<{ id: number }>(
    'SELECT id FROM toy_history WHERE market = $1 AND side = $2 AND market_item_id = $3',
    [deal.market, deal.side, deal.market_item_id],
  );
  return existing!.id;
}
