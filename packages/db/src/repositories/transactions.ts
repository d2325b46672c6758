import { transactionEntity, type Transaction } from '@toydesk/contract';

import { writeAudit } from '../audit/audit-log.ts';
import type { Queryable, Row } from '../database.ts';

/**
 * The transactions repository (table "transaction"): money movements the bots record beside the console's
 * own (which go through the server's generic resource).
 */

/** A movement to record: the contract's row without what the database sets; a null `date` means now. */
export type NewTransaction = Omit<Transaction, 'id' | 'date' | 'created_by' | 'created_at'> & {
  date: string | null;
};

/** Inserts one transaction by `actor` and its audit entry (in the caller's transaction); returns its id. */
export async function insertTransaction(tx: Queryable, actor: string, row: NewTransaction): Promise<number> {
  const [inserted] = await tx.query<Row & { id: number }>(
    `INSERT INTO "transaction" (kind, payment_method, amount, currency, from_steam_account, to_steam_account,
       from_market_account, to_market_account, from_market, to_market, comment, date, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, coalesce($12::timestamptz, now()), $13)
     RETURNING *`,
    [
      row.kind,
      row.payment_method,
      row.amount,
      row.currency,
      row.from_steam_account,
      row.to_steam_account,
      row.from_market_account,
      row.to_market_account,
      row.from_market,
      row.to_market,
      row.comment,
      row.date,
      actor,
    ],
  );
  await writeAudit(tx, actor, 'create', transactionEntity.name, [
    { id: inserted!.id, before: null, after: inserted! },
  ]);
  return inserted!.id;
}

/**
 * A transfer recorded by its other side first: this side's market account joins the row (the sender's as
 * `from_market_account` when `side` is out, the receiver's as `to_market_account` when in), which becomes a
 * transfer between our accounts; with `actor`'s audit entry. Nothing happens when the row is gone.
 */
export async function joinTransferTransaction(
  tx: Queryable,
  actor: string,
  id: number,
  side: 'out' | 'in',
  marketAccount: number,
): Promise<void> {
  const column = side === 'out' ? 'from_market_account' : 'to_market_account';
  const [before] = await tx.query<Row>('SELECT * FROM "transaction" WHERE id = $1', [id]);
  if (!before) return;
  const [after] = await tx.query<Row>(
    `UPDATE "transaction" SET ${column} = $2, kind = 'transfer_between_accounts' WHERE id = $1 RETURNING *`,
    [id, marketAccount],
  );
  await writeAudit(tx, actor, 'update', transactionEntity.name, [{ id, before, after: after! }]);
}
