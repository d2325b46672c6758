import {
  isCurrency,
  toyHistoryEntity,
  type ConvertibleCurrency,
  type MarketCode,
  type PaymentMethod,
  type TransactionKind,
} from '@toydesk/contract';

import {
  insertTransaction,
  moveMarketAccountBalance,
  type Database,
  type Queryable,
  type Row,
  writeAudit,
} from '@toydesk/db';
import { BOT_ACTOR } from '../proxies/proxy-handlers.ts';

/**
 * The ledger of the trading loops: every sale, purchase and money movement a bot sees becomes a toy history
 * row and/or a transaction row (the tables the console's history and transaction screens read), with the
 * audit entries the server writes for the same rows.
 *
 * Exactly once per (market, kind, external id): the recording is one database transaction that starts by
 * claiming `bot_ledger_entry (market, kind, external_id)`. A second call (a retried tick, another worker,
 * an attempt after a killed worker) finds the claim and returns the first recording; a worker killed before
 * the commit left nothing behind. The market account's `balance` moves with each recording, in the same
 * transaction, so it changes once too.
 */

export type LedgerKind = 'sale' | 'purchase' | 'money';

export interface LedgerResult {
  /** False when this deal had been recorded before (nothing was written this time). */
  created: boolean;
  historyId: number | null;
  transactionId: number | null;
}

interface DealBase {
  market: MarketCode;
  /** The market's id of the deal (tm item_id for a sale or purchase). */
  externalId: string;
  marketAccount: number;
  steamAccount?: number | null;
  marketHashName: string;
  /** "classid_instanceid" when known. */
  classidInstanceid?: string | null;
  /** Major units as an exact decimal string ("123.45"): the item's price. */
  price: string;
  currency: ConvertibleCurrency;
  /** What moved on the market balance (a sale: the price less the market's fee); default `price`. */
  amount?: string;
  assetId?: string | null;
  offerId?: string | null;
  tradeId?: string | null;
  /** ISO time of the deal; default now. */
  date?: string | null;
  comment?: string | null;
}

export type SaleInput = DealBase;
export type PurchaseInput = DealBase;

export interface MoneyMovementInput {
  market: MarketCode;
  /** The market's id of the movement (a transfer or withdrawal id). */
  externalId: string;
  kind: TransactionKind;
  paymentMethod?: PaymentMethod;
  /** Major units, positive. */
  amount: string;
  currency: ConvertibleCurrency;
  fromMarketAccount?: number | null;
  toMarketAccount?: number | null;
  fromSteamAccount?: number | null;
  toSteamAccount?: number | null;
  fromMarket?: MarketCode | null;
  toMarket?: MarketCode | null;
  date?: string | null;
  comment?: string | null;
}

/** A sold item: history row (side sell), an input transaction to the market account, balance up. */
export function recordSale(db: Database, sale: SaleInput): Promise<LedgerResult> {
  return recordDeal(db, 'sale', sale);
}

/** A bought item: history row (side buy), an output transaction from the market account, balance down. */
export function recordPurchase(db: Database, purchase: PurchaseInput): Promise<LedgerResult> {
  return recordDeal(db, 'purchase', purchase);
}

/** Money in, out or between accounts and markets: a transaction row; the named market accounts' balances move. */
export async function recordMoneyMovement(db: Database, move: MoneyMovementInput): Promise<LedgerResult> {
  assertAmount(move.amount);
  return db.transaction(async (tx) => {
    const claim = await claimEntry(tx, move.market, 'money', move.externalId, {
      marketAccount: move.toMarketAccount ?? move.fromMarketAccount ?? null,
      amount: move.amount,
      currency: move.currency,
    });
    if (!claim.created) return claim.result;
    const transactionId = await insertTransaction(tx, BOT_ACTOR, {
      kind: move.kind,
      payment_method: move.paymentMethod ?? 'market',
      amount: move.amount,
      currency: move.currency,
      from_steam_account: move.fromSteamAccount ?? null,
      to_steam_account: move.toSteamAccount ?? null,
      from_market_account: move.fromMarketAccount ?? null,
      to_market_account: move.toMarketAccount ?? null,
      from_market: move.fromMarket ?? null,
      to_market: move.toMarket ?? null,
      comment: move.comment ?? `${move.market} ${move.externalId}`,
      date: move.date ?? null,
    });
    if (move.fromMarketAccount)
      await moveMarketAccountBalance(tx, BOT_ACTOR, move.fromMarketAccount, `-${move.amount}`);
    if (move.toMarketAccount)
      await moveMarketAccountBalance(tx, BOT_ACTOR, move.toMarketAccount, move.amount);
    return finish(tx, claim.entryId, null, transactionId);
  });
}

// ---------------------------------------------------------------------------------------------------------

// tm's USD amounts carry mils (three decimals); the money columns keep cents and round the third.
const DECIMAL = /^\d{1,12}(\.\d{1,3})?$/;

function assertAmount(value: string): void {
  // A bad amount is a programming error of the caller (the market clients return exact decimals).
  if (!DECIMAL.test(value)) throw new Error(`ledger: not a money amount: ${value}`);
}

async function recordDeal(db: Database, kind: 'sale' | 'purchase', deal: DealBase): Promise<LedgerResult> {
  assertAmount(deal.price);
  const amount = deal.amount ?? deal.price;
  assertAmount(amount);
  const sale = kind === 'sale';
  return db.transaction(async (tx) => {
    const claim = await claimEntry(tx, deal.market, kind, deal.externalId, {
      marketAccount: deal.marketAccount,
      amount,
      currency: deal.currency,
    });
    if (!claim.created) return claim.result;
    const historyId = await insertHistory(tx, sale ? 'sell' : 'buy', deal);
    const transactionId =
      Number(amount) > 0
        ? await insertTransaction(tx, BOT_ACTOR, {
            kind: sale ? 'input' : 'output',
            payment_method: 'market',
            amount,
            currency: deal.currency,
            from_steam_account: null,
            to_steam_account: null,
            from_market_account: sale ? null : deal.marketAccount,
            to_market_account: sale ? deal.marketAccount : null,
            from_market: sale ? null : deal.market,
            to_market: sale ? deal.market : null,
            comment: `${sale ? 'Sale' : 'Purchase'}: ${deal.marketHashName} (${deal.market} ${deal.externalId})`,
            date: deal.date ?? null,
          })
        : null;
    await moveMarketAccountBalance(tx, BOT_ACTOR, deal.marketAccount, sale ? amount : `-${amount}`);
    return finish(tx, claim.entryId, historyId, transactionId);
  });
}

export type Claim = { created: true; entryId: number } | { created: false; result: LedgerResult };

export async function claimEntry(
  tx: Queryable,
  market: MarketCode,
  kind: LedgerKind,
  externalId: string,
  entry: { marketAccount: number | null; amount: string; currency: string },
): Promise<Claim> {
  const [claimed] = await tx.query<{ id: number }>(
    `INSERT INTO bot_ledger_entry (market, kind, external_id, market_account, amount, currency)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (market, kind, external_id) DO NOTHING RETURNING id`,
    [market, kind, externalId, entry.marketAccount, entry.amount, entry.currency],
  );
  if (claimed) return { created: true, entryId: Number(claimed.id) };
  // Recorded before (or being recorded by another transaction, which this SELECT waits out through the
  // unique index): report what that recording wrote.
  const [existing] = await tx.query<{ toy_history: number | null; transaction: number | null }>(
    `SELECT toy_history, "transaction" FROM bot_ledger_entry WHERE market = $1 AND kind = $2 AND external_id = $3`,
    [market, kind, externalId],
  );
  return {
    created: false,
    result: {
      created: false,
      historyId: existing?.toy_history ?? null,
      transactionId: existing?.transaction ?? null,
    },
  };
}

export async function finish(
  tx: Queryable,
  entryId: number,
  historyId: number | null,
  transactionId: number | null,
): Promise<LedgerResult> {
  await tx.query(`UPDATE bot_ledger_entry SET toy_history = $2, "transaction" = $3 WHERE id = $1`, [
    entryId,
    historyId,
    transactionId,
  ]);
  return { created: true, historyId, transactionId };
}

async function insertHistory(tx: Queryable, side: 'sell' | 'buy', deal: DealBase): Promise<number> {
  // History keeps RUB and USD only; EUR deals are kept in their amount with a note (no market of ours sells in EUR).
  const currency = isCurrency(deal.currency) ? deal.currency : 'RUB';
  const note = deal.currency === 'EUR' ? 'EUR' : null;
  // The operator may have entered the deal by hand (bulk create-or-update): the unique deal index keeps
  // one row, and the ledger then points at the operator's row.
  const [inserted] = await tx.query<Row & { id: number }>(
    `INSERT INTO toy_history (toy, market_hash_name, classid_instanceid, side, price, currency, market,
       market_account, steam_account, date, market_item_id, trade_id, offer_id, asset_id, comment)
     VALUES ((SELECT id FROM toy WHERE market_hash_name = $1), $1, $2, $3, $4, $5, $6, $7, $8,
       coalesce($9::timestamptz, now()), $10, $11, $12, $13, $14)
     ON CONFLICT (market, side, market_item_id) WHERE market_item_id IS NOT NULL DO NOTHING
     RETURNING *`,
    [
      deal.marketHashName,
      deal.classidInstanceid ?? null,
      side,
      deal.price,
      currency,
      deal.market,
      deal.marketAccount,
      deal.steamAccount ?? null,
      deal.date ?? null,
      deal.externalId,
      deal.tradeId ?? null,
      deal.offerId ?? null,
      deal.assetId ?? null,
      note ? `${deal.comment ?? ''} (${note})`.trim() : (deal.comment ?? null),
    ],
  );
  if (inserted) {
    await writeAudit(tx, BOT_ACTOR, 'create', toyHistoryEntity.name, [
      { id: inserted.id, before: null, after: inserted },
    ]);
    return inserted.id;
  }
  const [existing] = await tx.query<{ id: number }>(
    'SELECT id FROM toy_history WHERE market = $1 AND side = $2 AND market_item_id = $3',
    [deal.market, side, deal.externalId],
  );
  return existing!.id;
}
