import type { TmMarket } from './tm-market.ts';
import type { Account, HistoryEntry } from './types.ts';

/** Operation history: one entry per buy, sell or transfer, updated in place as its stage moves on. */

export function addHistory(
  market: TmMarket,
  account: Account,
  entry: Omit<HistoryEntry, 'id' | 'time'> & { time?: number },
): HistoryEntry {
  const full: HistoryEntry = { ...entry, id: market.ids.history.take(), time: entry.time ?? market.now() };
  account.history.push(full);
  return full;
}

/** Moves the entry of an item (buy or sell) to a new stage. */
export function updateHistory(
  account: Account | undefined,
  event: 'buy' | 'sell',
  itemId: string,
  patch: Partial<Pick<HistoryEntry, 'stage' | 'received' | 'time'>>,
): void {
  if (!account) return;
  const entry = account.history.findLast((e) => e.event === event && e.item_id === itemId);
  if (entry) Object.assign(entry, patch);
}
