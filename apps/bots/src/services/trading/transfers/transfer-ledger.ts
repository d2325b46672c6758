import type { ConvertibleCurrency, MarketCode } from '@toydesk/contract';

import {
  claimLedgerEntry,
  finishLedgerEntry,
  insertTransaction,
  joinTransferTransaction,
  loadLedgerEntryTransaction,
  lockLedgerTransfer,
  moveMarketAccountBalance,
  type Database,
  type LedgerResult,
  type Queryable,
} from '@toydesk/db';
import { BOT_ACTOR } from '../../proxies/proxy-handlers.ts';

/**
 * One money transfer between two market accounts (tm's money-send) in the ledger, exactly once per side.
 *
 * A transfer has two sides, the sender's (money out) and the receiver's (money in), and either, both or
 * none of them may be our accounts. Each side is claimed on its own in bot_ledger_entry
 * (`<transfer id>:out`, `<transfer id>:in`), so each account's balance moves once however many ticks,
 * workers or restarts see the transfer. The transaction row is one per transfer: the first side recorded
 * creates it (kind output or input, or transfer_between_accounts with both accounts when the other end is
 * known to be ours, whose side it then records too); a side recorded later joins that row.
 */

export type TransferSide = 'out' | 'in';

export interface TransferSideInput {
  market: MarketCode;
  /** tm's transfer id (money-send-history `id`), the same on both accounts. */
  transferId: string;
  side: TransferSide;
  /** Our account on this side. */
  marketAccount: number;
  /** Our account on the other side, when the other end is one of ours. */
  otherMarketAccount: number | null;
  /** What left the sender, in the sender's currency (major units). */
  amountFrom: string;
  currencyFrom: ConvertibleCurrency;
  /** What reached the receiver, in the receiver's currency (major units). */
  amountTo: string;
  currencyTo: ConvertibleCurrency;
  /** The other end's user id at the market (for the comment). */
  counterpart: string | null;
  customId: string | null;
  /** ISO time of the transfer. */
  date: string | null;
}

/** The side's key in bot_ledger_entry (kind money). */
export const sideKey = (transferId: string, side: TransferSide) => `transfer:${transferId}:${side}`;
const other = (side: TransferSide): TransferSide => (side === 'out' ? 'in' : 'out');

export async function recordTransferSide(db: Database, input: TransferSideInput): Promise<LedgerResult> {
  return db.transaction(async (tx) => {
    await lockLedgerTransfer(tx, input.market, input.transferId);
    const mine = await claimSide(tx, input, input.side, input.marketAccount);
    if (!mine.created) return mine.result;

    const joined = await loadLedgerEntryTransaction(
      tx,
      input.market,
      'money',
      sideKey(input.transferId, other(input.side)),
    );
    let transactionId: number;
    if (joined) {
      transactionId = joined;
      await joinTransferTransaction(tx, BOT_ACTOR, transactionId, input.side, input.marketAccount);
    } else {
      const both = input.otherMarketAccount !== null;
      const sender = input.side === 'out' ? input.marketAccount : input.otherMarketAccount;
      const receiver = input.side === 'in' ? input.marketAccount : input.otherMarketAccount;
      // The amount as the sender saw it when the sender is ours, else as it arrived.
      const senderSide = input.side === 'out' || both;
      transactionId = await insertTransaction(tx, BOT_ACTOR, {
        kind: both ? 'transfer_between_accounts' : input.side === 'out' ? 'output' : 'input',
        payment_method: 'market',
        // The money columns keep cents and round tm USD's third decimal.
        amount: senderSide ? input.amountFrom : input.amountTo,
        currency: senderSide ? input.currencyFrom : input.currencyTo,
        from_steam_account: null,
        to_steam_account: null,
        from_market_account: sender,
        to_market_account: receiver,
        from_market: input.market,
        to_market: input.market,
        comment: comment(input),
        date: input.date,
      });
      if (both) {
        // The other end is ours: its side is recorded now too (its own sync will find the claim).
        const theirs = await claimSide(tx, input, other(input.side), input.otherMarketAccount!);
        if (theirs.created) {
          await moveMarketAccountBalance(
            tx,
            BOT_ACTOR,
            input.otherMarketAccount!,
            delta(input, other(input.side)),
          );
          await finishLedgerEntry(tx, theirs.entryId, null, transactionId);
        }
      }
    }
    await moveMarketAccountBalance(tx, BOT_ACTOR, input.marketAccount, delta(input, input.side));
    return finishLedgerEntry(tx, mine.entryId, null, transactionId);
  });
}

function claimSide(tx: Queryable, input: TransferSideInput, side: TransferSide, marketAccount: number) {
  return claimLedgerEntry(tx, input.market, 'money', sideKey(input.transferId, side), {
    marketAccount,
    amount: side === 'out' ? input.amountFrom : input.amountTo,
    currency: side === 'out' ? input.currencyFrom : input.currencyTo,
  });
}

/** Sent: the sender's amount leaves; received: the receiver's amount arrives (after tm's conversion). */
function delta(input: TransferSideInput, side: TransferSide): string {
  return side === 'out' ? `-${input.amountFrom}` : input.amountTo;
}

function comment(input: TransferSideInput): string {
  const converted =
    input.currencyFrom !== input.currencyTo || input.amountFrom !== input.amountTo
      ? `, ${input.amountTo} ${input.currencyTo} received`
      : '';
  const direction = input.side === 'out' ? 'to' : 'from';
  return `Transfer ${input.market} ${input.transferId} ${direction} user ${input.counterpart ?? '?'}${converted}${
    input.customId ? ` (custom_id ${input.customId})` : ''
  }`;
}
