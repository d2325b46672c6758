import { tmClientFor } from '../../market-accounts.ts';
import { defineTradingLoop } from '../trading-loop.ts';
import { loadDynamicSettings } from './dynamic-settings.ts';
import { keepOrders, removeAllOrders } from './keep-orders.ts';
import { recordFilledOrders } from './record-fills.ts';

/**
 * dynamic-orders (switch `dynamic_orders`), for the tm family: one tick records the filled orders as
 * purchases (record-fills.ts), then keeps one buy order per enabled toy within its band and removes the
 * orders of toys no longer enabled (keep-orders.ts). When the switch goes off, `stop` removes every order
 * the loop placed. Dry-run mode records what it would place, reprice, remove or record, and does none of it.
 */
export const DYNAMIC_ORDERS_LOOP = defineTradingLoop({
  name: 'dynamic-orders',
  switchField: 'dynamic_orders',
  markets: ['tm', 'tm_usd', 'cs7', 'cs7_proxy'],
  intervalSeconds: (config) => config.trading.dynamicOrdersSeconds,
  async tick(ctx) {
    const tm = tmClientFor(ctx.runtime, ctx.account, ctx.job.signal);
    const bought = await recordFilledOrders(ctx, tm);
    const settings = await loadDynamicSettings(ctx.runtime.db, ctx.account.market, ctx.account.id);
    const kept = await keepOrders(ctx, tm, settings);
    const parts = [
      `${kept.placed} placed`,
      `${kept.repriced} repriced`,
      `${kept.removed} removed`,
      `${kept.kept} unchanged`,
    ];
    if (kept.failed > 0) parts.push(`${kept.failed} refused`);
    if (kept.refused > 0) parts.push(`${kept.refused} stopped by spend guards`);
    if (bought > 0) parts.push(`${bought} purchases recorded`);
    return {
      summary: parts.join(', '),
      text: {
        code: 'dynamic-orders.done',
        params: {
          placed: kept.placed,
          repriced: kept.repriced,
          removed: kept.removed,
          unchanged: kept.kept,
          refused: kept.failed,
          guarded: kept.refused,
          bought,
        },
      },
    };
  },
  async stop(ctx) {
    const removed = await removeAllOrders(ctx, tmClientFor(ctx.runtime, ctx.account, ctx.job.signal));
    await ctx.job.log(`dynamic-orders stopped: ${removed} orders removed`);
  },
});
