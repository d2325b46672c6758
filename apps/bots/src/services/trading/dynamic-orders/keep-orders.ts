import { forgetTrackedOrder, loadTrackedOrders, saveTrackedOrder, type TrackedOrder } from '@toydesk/db';
import { TmBadKeyError, TmError, type TmClient, type TmOrder } from '@toydesk/markets';

import { screenOrder } from '../competitor-prices/order-screen.ts';
import { longestUnchecked, markChecked } from '../competitor-prices/price-checks.ts';
import { priceListFor } from '../competitor-prices/price-list.ts';
import { reportLostAnswer } from '../spend-guards/lost-answer.ts';
import { refuseBySpendGuard } from '../spend-guards/loop-guard.ts';
import type { TradingContext } from '../trading-loop.ts';
import type { DynamicSetting } from './dynamic-settings.ts';
import { bestCompetingBid, orderTarget, priceDiffers } from './order-price-rule.ts';

/** The key of an order at tm: its name and Doppler phase. */
const orderKey = (order: { marketHashName: string; phase: string }) =>
  `${order.marketHashName}\n${order.phase}`;

/**
 * At most this many toys are priced per tick (a bid-ask each, tm allows 5 calls a second): the others keep
 * their order until a later tick; toys without an order come first, then the longest unchecked.
 */
export const MAX_TOYS_PER_TICK = 100;

/**
 * Orders the public list cannot judge (no bid above ours) confirmed with a bid-ask per tick, longest
 * unconfirmed first (competitor-prices/): with the list, a tick costs this plus the orders about to change.
 */
export const CONFIRM_PER_TICK = 5;

export interface KeepOutcome {
  placed: number;
  repriced: number;
  removed: number;
  kept: number;
  failed: number;
  /** Refused by a spend guard (in dry run: would be refused). */
  refused: number;
}

/** The orders as tm holds them, one per name and Doppler phase (orderKey). */
function liveOrders(orders: readonly TmOrder[]): Map<string, TmOrder> {
  return new Map(orders.map((order) => [orderKey(order), order]));
}

/** A name as alerts and actions show it: with its phase when it has one. */
const labelOf = (order: { marketHashName: string; phase: string }) =>
  order.phase === '' ? order.marketHashName : `${order.marketHashName} [${order.phase}]`;

/**
 * One pass of the dynamic buy orders of an account:
 *
 * 1. an order the loop placed (bot_dynamic_order) whose toy is no longer enabled, or has no usable band, is
 *    removed (set-order with price 0) and forgotten;
 * 2. every enabled toy (and each Doppler phase with a setting of its own) with a band (up to
 *    MAX_TOYS_PER_TICK per tick) gets one order at the pricing rule's
 *    target (order-price-rule.ts), read against the name's order book (bid-ask) with our own order taken
 *    out. An order already at the target is left alone; otherwise set-order places or replaces it (tm keeps
 *    one order per name and phase, so a second order cannot appear), through `once` keyed by the tick's job
 *    and the name: an attempt retried after a killed worker first reads get-orders and does nothing when the
 *    order is already there.
 *
 * A refusal for one toy raises an order-failed alert and the next toy is tried; a bad key ends the tick.
 */
export async function keepOrders(
  ctx: TradingContext,
  tm: TmClient,
  settings: readonly DynamicSetting[],
): Promise<KeepOutcome> {
  const { account, runtime } = ctx;
  const outcome: KeepOutcome = { placed: 0, repriced: 0, removed: 0, kept: 0, failed: 0, refused: 0 };
  const tracked = await loadTrackedOrders(runtime.db, account.id);
  const live = liveOrders(await tm.orders.getAllOrders());
  const active = new Map(
    settings
      .filter((setting) => setting.enabled && setting.band !== null)
      .map((setting) => [orderKey(setting), setting]),
  );

  for (const order of tracked) {
    if (active.has(orderKey(order))) continue;
    const removed = await guarded(ctx, labelOf(order), () =>
      removeOrder(ctx, tm, order, live.has(orderKey(order)) ? 'disabled' : 'gone'),
    );
    if (removed === 'failed') outcome.failed += 1;
    else if (removed) outcome.removed += 1;
  }

  const checkedOrder = new Map(tracked.map((order, index) => [orderKey(order), index]));
  const sorted = [...active.values()].sort(
    (a, b) => (checkedOrder.get(orderKey(a)) ?? -1) - (checkedOrder.get(orderKey(b)) ?? -1),
  );
  // Competitors' bids from the public list (issue 11 item 4): a bid-ask only where it cannot judge.
  const view = await priceListFor(
    ctx,
    tm,
    sorted.filter((setting) => setting.phase === '').map((setting) => setting.marketHashName),
  );
  const needBook: DynamicSetting[] = [];
  const confirm: DynamicSetting[] = [];
  const keptByList: DynamicSetting[] = [];
  for (const setting of sorted) {
    const screen = screenOrder(
      { ...setting, band: setting.band! },
      live.get(orderKey(setting)) ?? null,
      view,
    );
    if (screen === 'book') needBook.push(setting);
    else if (screen === 'confirm') confirm.push(setting);
    else keptByList.push(setting);
  }
  const confirmed = new Set(
    await longestUnchecked(ctx, 'dynamic-orders', confirm.map(orderKey), CONFIRM_PER_TICK),
  );
  keptByList.push(...confirm.filter((setting) => !confirmed.has(orderKey(setting))));
  outcome.kept += keptByList.length;
  // Kept without a book read: the order is still taken as the loop's own, as a kept order read by bid-ask
  // is (an order placed by a killed tick whose answer never came, at its target).
  const trackedKeys = new Set(tracked.map(orderKey));
  for (const setting of keptByList) {
    const ours = live.get(orderKey(setting));
    if (ours === undefined || trackedKeys.has(orderKey(setting)) || account.dryRun) continue;
    await saveTrackedOrder(runtime.db, account.id, trackedOf(setting, ours.price), tm.currency);
  }
  const due = [...needBook, ...confirm.filter((setting) => confirmed.has(orderKey(setting)))].slice(
    0,
    MAX_TOYS_PER_TICK,
  );
  const booksRead: string[] = [];
  for (const setting of due) {
    const band = setting.band!;
    const name = setting.marketHashName;
    const phase = setting.phase;
    const ours = live.get(orderKey(setting)) ?? null;
    const result = await guarded(ctx, labelOf(setting), async () => {
      // A Doppler phase has its own order book (and its own price): bid-ask by name and phase.
      const book = await tm.search.bidAsk(name, phase === '' ? undefined : phase);
      booksRead.push(orderKey(setting));
      const best = bestCompetingBid(book.bid, ours);
      const target = orderTarget(band, best);
      if (ours !== null && !priceDiffers(ours.price, target) && ours.count === setting.count) {
        // Dry run changes nothing, not even which orders the loop takes as its own.
        if (!account.dryRun) {
          await saveTrackedOrder(runtime.db, account.id, trackedOf(setting, ours.price), tm.currency);
        }
        return 'kept' as const;
      }
      // Spend guards (issue 11 item 7): the lowest listing is the reference price.
      const refusal = await refuseBySpendGuard(ctx, {
        call: 'set-order',
        marketHashName: name,
        price: target,
        count: setting.count,
        currency: tm.currency,
        reference: book.ask[0]?.price ?? null,
      });
      if (refusal !== null) return 'refused' as const;
      const placed = await ctx.act(
        {
          kind: ours === null ? 'order-placed' : 'order-repriced',
          detail: {
            market_hash_name: name,
            ...(phase === '' ? {} : { phase }),
            price: target,
            from: ours?.price ?? null,
            count: setting.count,
            currency: tm.currency,
            best_competitor: best,
            min_price_buy: band.min,
            max_price_buy: band.max,
          },
        },
        () =>
          ctx.job.once(
            `dynamic-orders:${account.id}:${ctx.job.job.id}:set:${name}${phase === '' ? '' : `#${phase}`}`,
            async () => {
              const found = liveOrders(await tm.orders.getAllOrders()).get(orderKey(setting));
              return found && !priceDiffers(found.price, target) ? { price: found.price } : null;
            },
            async () => {
              const set = await tm.orders.setOrder({
                marketHashName: name,
                price: target,
                count: setting.count,
                phase,
              });
              return { price: set.order?.price ?? target };
            },
          ),
      );
      if (placed === null) return 'dry-run' as const;
      await saveTrackedOrder(runtime.db, account.id, trackedOf(setting, placed.price), tm.currency);
      return ours === null ? ('placed' as const) : ('repriced' as const);
    });
    if (result === 'failed') outcome.failed += 1;
    else if (result === 'kept') outcome.kept += 1;
    else if (result === 'placed') outcome.placed += 1;
    else if (result === 'repriced') outcome.repriced += 1;
    else if (result === 'refused') outcome.refused += 1;
  }
  await markChecked(ctx, 'dynamic-orders', booksRead);
  return outcome;
}

/**
 * Removes every order the loop placed (the switch went off). Orders the operator placed by hand on other
 * names are not the loop's and stay.
 */
export async function removeAllOrders(ctx: TradingContext, tm: TmClient): Promise<number> {
  const tracked = await loadTrackedOrders(ctx.runtime.db, ctx.account.id);
  if (tracked.length === 0) return 0;
  const live = liveOrders(await tm.orders.getAllOrders());
  let removed = 0;
  for (const order of tracked) {
    if (await removeOrder(ctx, tm, order, live.has(orderKey(order)) ? 'switched off' : 'gone')) {
      removed += 1;
    }
  }
  return removed;
}

/** set-order with price 0 (deleting is idempotent at tm); an order already gone is only forgotten. */
async function removeOrder(
  ctx: TradingContext,
  tm: TmClient,
  order: TrackedOrder,
  reason: 'disabled' | 'switched off' | 'gone',
): Promise<boolean> {
  if (reason === 'gone') {
    await forgetTrackedOrder(ctx.runtime.db, ctx.account.id, order);
    return false;
  }
  const done = await ctx.act(
    {
      kind: 'order-removed',
      detail: {
        market_hash_name: order.marketHashName,
        ...(order.phase === '' ? {} : { phase: order.phase }),
        price: order.price,
        count: order.count,
        reason,
      },
    },
    async () => {
      await tm.orders.setOrder({
        marketHashName: order.marketHashName,
        price: '0',
        count: order.count,
        phase: order.phase,
      });
      return true;
    },
  );
  if (done === null) return false;
  await forgetTrackedOrder(ctx.runtime.db, ctx.account.id, order);
  return true;
}

/** A tm refusal for one toy becomes an order-failed alert; a bad key or a transport failure ends the tick. */
async function guarded<T>(ctx: TradingContext, name: string, fn: () => Promise<T>): Promise<T | 'failed'> {
  try {
    return await fn();
  } catch (error) {
    // A set-order whose outcome tm could not confirm: a spend-unknown alert, not a refusal (issue 11 item 6).
    if (await reportLostAnswer(ctx, name, error)) return 'failed';
    if (!(error instanceof TmError) || error instanceof TmBadKeyError) throw error;
    await ctx.alert({
      kind: 'order-failed',
      severity: 'warning',
      message: `${ctx.account.label}: buy order for ${name} refused: ${error.code}`,
      details: { market_hash_name: name, error: error.code },
    });
    return 'failed';
  }
}

function trackedOf(setting: DynamicSetting, price: string): TrackedOrder {
  return {
    marketHashName: setting.marketHashName,
    phase: setting.phase,
    toy: setting.toy,
    price,
    count: setting.count,
  };
}
