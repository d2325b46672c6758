import { recordDoneSpend } from '@toydesk/db';
import type { TradingContext } from '../trading-loop.ts';

/**
 * A filled buy order spent money: it counts against the daily cap of the day it was filled (UTC), once per
 * purchase id, so every process's next guard check sees it.
 */
export async function countFillSpend(
  ctx: TradingContext,
  fill: { purchaseId: string; marketHashName: string; price: string; currency: string; time: number },
): Promise<void> {
  await recordDoneSpend(
    ctx.runtime.db,
    {
      marketAccount: ctx.account.id,
      market: ctx.account.market,
      call: 'order-fill',
      customId: `fill:${fill.purchaseId}`,
      source: 'dynamic-orders',
      subject: fill.marketHashName,
      amount: fill.price,
      currency: fill.currency,
    },
    'buy order filled',
    new Date(fill.time * 1000).toISOString().slice(0, 10),
  );
}
