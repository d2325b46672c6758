import {
  isCurrency,
  type ConvertibleCurrency,
  type MarketCode,
  type PaymentMethod,
  type TransactionKind,
} from '@toydesk/contract';

import {
  claimLedgerEntry,
  finishLedgerEntry,
  insertToyHistoryDeal,
  insertTransaction,
  moveMarketAccountBalance,
  type Database,
  type LedgerResult,
  type Queryable,
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
    const claim = await claimLedgerEntry(tx, move.market, 'money', move.externalId, {
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
    return finishLedgerEntry(tx, claim.entryId, null, transactionId);
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
    const claim = await claimLedgerEntry(tx, deal.market, kind, deal.externalId, {
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
    return finishLedgerEntry(tx, claim.entryId, historyId, transactionId);
  });
}

function insertHistory(tx: Queryable, side: 'sell' | 'buy', deal: DealBase): Promise<number> {
  // History keeps RUB and USD only; EUR deals are kept in their amount with a note (no market of ours sells in EUR).
  const note = deal.currency === 'EUR' ? 'EUR' : null;
  return insertToyHistoryDeal(tx, BOT_ACTOR, {
    market_hash_name: deal.marketHashName,
    classid_instanceid: deal.classidInstanceid ?? null,
    side,
    price: deal.price,
    currency: isCurrency(deal.currency) ? deal.currency : 'RUB',
    market: deal.market,
    market_account: deal.marketAccount,
    steam_account: deal.steamAccount ?? null,
    date: deal.date ?? null,
    market_item_id: deal.externalId,
    trade_id: deal.tradeId ?? null,
    offer_id: deal.offerId ?? null,
    asset_id: deal.assetId ?? null,
    comment: note ? `${deal.comment ?? ''} (${note})`.trim() : (deal.comment ?? null),
  });
}
