import {
  claimTmTransferSync,
  findMarketAccountByTmUserId,
  listClaimedLedgerIds,
  loadMarketAccountAddedAt,
  saveTmTransfersSyncedUntil,
  saveTmUserId,
} from '@toydesk/db';
import type { TmClient, TmMoneyTransfer } from '@toydesk/markets';

import type { TradingContext } from '../trading-loop.ts';
import { recordTransferSide, sideKey, type TransferSide } from './transfer-ledger.ts';

/**
 * tm money transfers (money-send, sent or received) into the ledger, from the deliver loop.
 *
 * money-send-history (marketplaces.md 1.1) lists every transfer of the account with its id (the same on
 * both accounts), both ends as tm user ids and the amount on each side; it does not say which end is us.
 * operation-history names the other end of each of our transfers (`for`), never ourselves: the end of a
 * money-send-history entry that operation-history does not name is our own user id, kept in
 * bot_tm_transfer_sync once learned. With it each transfer is sent (we are `from`) or received (`to`), and
 * a transfer whose other end is one of our accounts is one transaction between the two accounts.
 *
 * The history is read from the last sync less a day (tm dates some entries late), never before the market
 * account was added (older transfers are not ours to book), at most every `minIntervalSeconds`: two
 * requests of the key's five a second, not at every 5-second deliver tick.
 */

export const TRANSFER_SYNC_SECONDS = 60;
/** Read back over the last sync by this much. */
const MARGIN_MS = 24 * 3600_000;
/** money-send-history pages read at most per sync (50 transfers each). */
const MAX_PAGES = 20;

export interface TransferSyncResult {
  recorded: number;
  /** Transfers seen whose direction could not be told yet (our user id unknown). */
  undecided: number;
}

const TRANSFER_EVENTS = new Set(['transfer_in', 'transfer_out']);

/** Null when the last sync is more recent than `minIntervalSeconds`. */
export async function syncTmTransfers(
  ctx: TradingContext,
  tm: TmClient,
  options: { minIntervalSeconds?: number } = {},
): Promise<TransferSyncResult | null> {
  const { account, runtime } = ctx;
  const db = runtime.db;
  const interval = options.minIntervalSeconds ?? TRANSFER_SYNC_SECONDS;
  const claim = await claimTmTransferSync(db, account, interval);
  if (!claim) return null;
  const createdAt = await loadMarketAccountAddedAt(db, account.id);
  if (createdAt === null) return null;

  const added = Date.parse(createdAt) - 60_000;
  const since = new Date(
    Math.max(added, claim.syncedUntil ? Date.parse(claim.syncedUntil) - MARGIN_MS : added),
  );
  const history = await tm.history.operationHistory(since);
  const counterparts = new Set(
    history.filter((entry) => TRANSFER_EVENTS.has(entry.event) && entry.partner).map((e) => e.partner!),
  );
  const transfers = await readTransfers(tm, since);

  let self = claim.tmUserId;
  if (self === null) {
    self = ownUserId(transfers, counterparts);
    if (self !== null) await saveTmUserId(db, account.id, self);
  }

  const result: TransferSyncResult = { recorded: 0, undecided: 0 };
  const sideOf = (transfer: TmMoneyTransfer): TransferSide | null =>
    self === null ? null : transfer.from === self ? 'out' : transfer.to === self ? 'in' : null;
  // Every sync reads a day back: the sides booked before are skipped with one query, not a transaction each.
  const booked = await bookedSides(
    ctx,
    transfers.flatMap((transfer) => {
      const side = sideOf(transfer);
      return side === null ? [] : [sideKey(transfer.id, side)];
    }),
  );
  const ours = new Map<string, number | null>();
  for (const transfer of transfers) {
    const side = sideOf(transfer);
    if (side === null) {
      result.undecided += 1;
      continue;
    }
    if (booked.has(sideKey(transfer.id, side))) continue;
    const counterpart = side === 'out' ? transfer.to : transfer.from;
    if (counterpart && !ours.has(counterpart)) ours.set(counterpart, await ourAccountOf(ctx, counterpart));
    const recorded = await recordTransferSide(db, {
      market: account.market,
      transferId: transfer.id,
      side,
      marketAccount: account.id,
      otherMarketAccount: counterpart ? (ours.get(counterpart) ?? null) : null,
      amountFrom: transfer.amountFrom,
      currencyFrom: transfer.currencyFrom,
      amountTo: transfer.amountTo,
      currencyTo: transfer.currencyTo,
      counterpart,
      customId: transfer.customId,
      date: transfer.time === null ? null : new Date(transfer.time * 1000).toISOString(),
    });
    if (recorded.created) result.recorded += 1;
  }
  // Undecided transfers keep the window where it was, so the next sync reads them again.
  if (result.undecided === 0) await saveTmTransfersSyncedUntil(db, account.id, claim.now);
  return result;
}

/** money-send-history from page 0 (newest first) down to `since`; entries without a time are all taken. */
async function readTransfers(tm: TmClient, since: Date): Promise<TmMoneyTransfer[]> {
  const sinceSeconds = Math.floor(since.getTime() / 1000);
  const found: TmMoneyTransfer[] = [];
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const entries = await tm.transfers.history(page);
    if (entries.length === 0) break;
    const fresh = entries.filter(
      (entry) => entry.id !== '' && (entry.time === null || entry.time >= sinceSeconds),
    );
    found.push(...fresh.filter((entry) => entry.amountFrom !== '0' || entry.amountTo !== '0'));
    if (fresh.length < entries.length) break;
  }
  return found;
}

/**
 * The end of a transfer that operation-history does not name as the other party is us. Without such a
 * name (operation-history shows no transfer entries), the one user id that is an end of every transfer is
 * us too; two transfers with different partners are enough to tell.
 */
export function ownUserId(
  transfers: readonly Pick<TmMoneyTransfer, 'from' | 'to'>[],
  counterparts: ReadonlySet<string>,
): string | null {
  for (const transfer of transfers) {
    if (!transfer.from || !transfer.to) continue;
    const fromOther = counterparts.has(transfer.from);
    const toOther = counterparts.has(transfer.to);
    if (toOther && !fromOther) return transfer.from;
    if (fromOther && !toOther) return transfer.to;
  }
  const endsOf = (transfer: Pick<TmMoneyTransfer, 'from' | 'to'>): string[] =>
    [transfer.from, transfer.to].filter((end): end is string => Boolean(end));
  const [first, ...rest] = transfers;
  if (first === undefined) return null;
  const common = rest.reduce<string[]>(
    (kept, transfer) => kept.filter((end) => endsOf(transfer).includes(end)),
    endsOf(first),
  );
  return common.length === 1 ? common[0]! : null;
}

/** The ledger keys (`sideKey`) among `keys` already booked on the account's market. */
function bookedSides(ctx: TradingContext, keys: readonly string[]): Promise<Set<string>> {
  return listClaimedLedgerIds(ctx.runtime.db, ctx.account.market, 'money', keys);
}

/** Our market account on the same market with that tm user id, when there is one. */
function ourAccountOf(ctx: TradingContext, userId: string): Promise<number | null> {
  return findMarketAccountByTmUserId(ctx.runtime.db, ctx.account.market, userId, ctx.account.id);
}
