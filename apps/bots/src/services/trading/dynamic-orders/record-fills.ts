import { listClaimedLedgerIds } from '@toydesk/db';
import { roundMoney } from '@toydesk/contract';
import type { TmClient, TmHistoryEntry } from '@toydesk/markets';

import { recordPurchase } from '../ledger.ts';
import { countFillSpend } from '../spend-guards/fill-spend.ts';
import type { TradingContext } from '../trading-loop.ts';

/**
 * How far back operation-history is read for filled orders. A fill becomes final (stage 2) when its
 * trade is accepted, at most about 7.5 hours after the fill (tm's transfer window and offer timeout); three
 * days leave room for a worker that was down for a while.
 */
export const FILL_LOOKBACK_MS = 3 * 24 * 3600 * 1000;

/**
 * Records the account's filled buy orders as purchases (ledger.ts: history row, transaction, balance; once
 * per purchase id). A fill is a `buy` of operation-history without a custom_id (buys through the API always
 * carry one; fills and ProcessOrder do not) that reached stage 2 (the item arrived; stage 1 can still fail
 * and be refunded). Deals the ledger already holds are skipped before anything is recorded, so a tick
 * records (and shows) only new ones. Returns how many were recorded.
 */
export async function recordFilledOrders(ctx: TradingContext, tm: TmClient): Promise<number> {
  const { account, runtime } = ctx;
  const history = await tm.history.operationHistory(new Date(Date.now() - FILL_LOOKBACK_MS));
  const fills = history.filter(
    (entry): entry is TmHistoryEntry & { itemId: string; marketHashName: string; paid: string } =>
      entry.event === 'buy' &&
      entry.customId === null &&
      entry.stage === '2' &&
      entry.itemId !== null &&
      entry.marketHashName !== null &&
      entry.paid !== null,
  );
  if (fills.length === 0) return 0;
  const recorded = await listClaimedLedgerIds(
    runtime.db,
    account.market,
    'purchase',
    fills.map((fill) => fill.itemId),
  );
  let count = 0;
  for (const fill of fills) {
    if (recorded.has(fill.itemId)) continue;
    const price = roundMoney(fill.paid);
    const result = await ctx.act(
      {
        kind: 'purchase-recorded',
        detail: {
          purchase_id: fill.itemId,
          market_hash_name: fill.marketHashName,
          price,
          currency: fill.currency,
        },
      },
      async () => {
        const recorded = await recordPurchase(runtime.db, {
          market: account.market,
          externalId: fill.itemId,
          marketAccount: account.id,
          steamAccount: account.steamAccount,
          marketHashName: fill.marketHashName,
          classidInstanceid:
            fill.classid !== null && fill.instanceid !== null ? `${fill.classid}_${fill.instanceid}` : null,
          price,
          currency: fill.currency,
          date: new Date(fill.time * 1000).toISOString(),
          comment: 'Buy order filled',
        });
        await countFillSpend(ctx, { purchaseId: fill.itemId, ...fill, price });
        return recorded;
      },
    );
    if (result?.created) count += 1;
  }
  return count;
}
