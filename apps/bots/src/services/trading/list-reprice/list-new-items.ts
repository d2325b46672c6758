import { isAddToSaleInventoryError } from '@toydesk/contract';
import { activeListingWait } from '@toydesk/db';
import { TmBadKeyError, TmError, type TmClient } from '@toydesk/markets';

import type { TradingContext } from '../trading-loop.ts';
import { addToSaleOnce, waitAfterInventoryRefusal } from './add-to-sale-once.ts';
import type { SellToy } from './sell-toys.ts';

/** At most this many add-to-sale calls per tick (tm allows 5 calls a second per key): the rest wait a tick. */
export const MAX_LISTINGS_PER_TICK = 50;

export interface ListOutcome {
  listed: number;
  failed: number;
  /** Set when the tick did not list because of the spec's wait, or started one. */
  waitingUntil: Date | null;
}

/**
 * Lists the account's new inventory items (my-inventory: seen by the market, not listed) that have a market
 * toy with a price_sell, at that price (the repricing that follows in the same tick moves them within the
 * toy's limits). Each add-to-sale runs through `once` keyed by the tick's job and the asset: an attempt
 * retried after a killed worker asks the market (`items`) whether the asset is already listed before
 * listing it again. A refusal of the spec's inventory kind refreshes the inventory (update-inventory) and
 * starts the 30 s wait, ending this tick's listing; other refusals raise a listing-failed alert and the
 * next item is tried.
 */
export async function listNewItems(
  ctx: TradingContext,
  tm: TmClient,
  toys: ReadonlyMap<string, SellToy>,
): Promise<ListOutcome> {
  const { account, runtime } = ctx;
  const outcome: ListOutcome = { listed: 0, failed: 0, waitingUntil: null };
  const wait = await activeListingWait(runtime.db, account.id);
  if (wait !== null) {
    await ctx.job.log(`Listing waits until ${wait.notBefore.toISOString()} after ${wait.reason}`);
    return { ...outcome, waitingUntil: wait.notBefore };
  }
  let inventory;
  try {
    inventory = await tm.selling.myInventory();
  } catch (error) {
    // my-inventory answers inventory_not_loaded like add-to-sale does: the same reaction.
    if (
      error instanceof TmError &&
      !(error instanceof TmBadKeyError) &&
      isAddToSaleInventoryError(error.code)
    ) {
      return { ...outcome, waitingUntil: await refreshAndWait(ctx, tm, error.code, null) };
    }
    throw error;
  }
  const candidates = inventory
    .filter((item) => item.tradable && toys.has(item.marketHashName))
    .slice(0, MAX_LISTINGS_PER_TICK);
  for (const item of candidates) {
    const toy = toys.get(item.marketHashName)!;
    const price = toy.limits.ceiling;
    try {
      const result = await ctx.act(
        {
          kind: 'listed',
          detail: {
            asset_id: item.assetId,
            market_hash_name: item.marketHashName,
            price,
            currency: tm.currency,
          },
        },
        () =>
          addToSaleOnce(
            ctx.job,
            tm,
            `list-reprice:${account.id}:${ctx.job.job.id}:list:${item.assetId}`,
            item.assetId,
            price,
          ),
      );
      if (result !== null) outcome.listed += 1;
    } catch (error) {
      if (!(error instanceof TmError) || error instanceof TmBadKeyError) throw error;
      if (isAddToSaleInventoryError(error.code)) {
        outcome.waitingUntil = await refreshAndWait(ctx, tm, error.code, item.assetId);
        break;
      }
      outcome.failed += 1;
      await ctx.alert({
        kind: 'listing-failed',
        severity: 'warning',
        message: `${account.label}: add-to-sale of ${item.marketHashName} refused: ${error.code}`,
        details: { asset_id: item.assetId, market_hash_name: item.marketHashName, error: error.code },
      });
    }
  }
  return outcome;
}

/** The spec's reaction: update-inventory, then no listing for 30 s (recorded, not slept). */
async function refreshAndWait(
  ctx: TradingContext,
  tm: TmClient,
  reason: string,
  assetId: string | null,
): Promise<Date> {
  await ctx.act({ kind: 'inventory-refresh', detail: { reason, asset_id: assetId } }, () =>
    tm.account.updateInventory(),
  );
  return waitAfterInventoryRefusal(ctx.job, ctx.runtime.db, ctx.account.id, reason, assetId);
}
