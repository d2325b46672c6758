import { amountTimes, checkDailyCap, checkMaxPrice, type GuardRefusal } from '@toydesk/contract';

import { loadSpendGuard, spentToday } from '@toydesk/db';
import type { TradingContext } from '../trading-loop.ts';

/** What a loop is about to do that a spend guard may refuse. */
export interface GuardedStep {
  /** set-order (a buy order placed or repriced), buy, or reprice (a listing's new price). */
  call: 'set-order' | 'buy' | 'reprice';
  marketHashName: string;
  /** Per item, major units of `currency`. */
  price: string;
  /** Items the step can buy (set-order: the order's count; 0 for a reprice, which spends nothing). */
  count: number;
  currency: string;
  /** The market's reference price: the lowest competing listing, or the list price. */
  reference: string | null;
}

/**
 * The spend guards of the tick's account against one step of a loop (issue 11, item 7). A step that would
 * cross the highest price against the reference, or take today's spending above the daily cap, is refused:
 * an alert names the toy, the price and the guard, and the loop's actions show it as "refused", or in dry
 * run as "would be refused" (the guard is checked the same way in dry run, only nothing is sent either way).
 * Returns the refusal, or null when the step may go ahead.
 */
export async function refuseBySpendGuard(
  ctx: TradingContext,
  step: GuardedStep,
): Promise<GuardRefusal | null> {
  const guard = await loadSpendGuard(ctx.runtime.db, ctx.account.id);
  if (!guard) return null;
  let refusal = checkMaxPrice(guard, step.price, step.reference);
  if (refusal === null && step.count > 0 && guard.dailyCap !== null) {
    const spent = await spentToday(ctx.runtime.db, ctx.account.id, guard.currency);
    refusal = checkDailyCap(guard, amountTimes(step.price, step.count), step.currency, spent);
  }
  if (refusal === null) return null;

  const dryRun = ctx.account.dryRun;
  const detail = {
    call: step.call,
    market_hash_name: step.marketHashName,
    price: step.price,
    count: step.count,
    currency: step.currency,
    reference: step.reference,
    guard: refusal.guard,
    limit: refusal.limit,
    reason: refusal.reason,
  };
  // Recorded as the loop's action in both modes; act's function does nothing: the refusal is the action.
  await ctx.act({ kind: dryRun ? 'would-be-refused' : 'spend-refused', detail }, async () => true);
  await ctx.alert({
    kind: 'spend-guard',
    severity: dryRun ? 'info' : 'warning',
    message:
      `${ctx.account.label}: ${step.call} of ${step.marketHashName} at ${step.price} ${step.currency} ` +
      `${dryRun ? 'would be refused' : 'refused'} by the ${refusal.guard} guard: ${refusal.reason}`,
    details: { ...detail, dry_run: dryRun },
  });
  return refusal;
}
