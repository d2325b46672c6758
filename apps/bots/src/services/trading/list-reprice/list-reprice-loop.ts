import { tmClientFor } from '../../market-accounts.ts';
import { defineTradingLoop, type LoopTickResult, type TradingLoopDef } from '../trading-loop.ts';
import { listNewItems } from './list-new-items.ts';
import { REPRICE_BATCH_SIZE, repriceListings } from './reprice-listings.ts';
import { loadSellToys } from './sell-toys.ts';
import { syncSellItems } from './sell-items-sync.ts';

export interface ListRepriceOptions {
  /** Listings per MassSetPriceById call (tests use small batches). */
  batchSize?: number;
}

/**
 * list-reprice (switch `auto_sell`), for the tm family: one tick lists the new inventory items that have a
 * market toy with a price_sell (list-new-items.ts), reprices the listings within their toy's limits
 * (reprice-listings.ts, reprice-rule.ts) and keeps sell_item in step with the market (sell-items-sync.ts).
 * In dry-run mode listing, the inventory refresh and repricing are only recorded; sell_item still mirrors
 * what the market shows.
 */
export function createListRepriceLoop(options: ListRepriceOptions = {}): TradingLoopDef {
  const batchSize = options.batchSize ?? REPRICE_BATCH_SIZE;
  return defineTradingLoop({
    name: 'list-reprice',
    switchField: 'auto_sell',
    markets: ['tm', 'tm_usd', 'cs7', 'cs7_proxy'],
    intervalSeconds: (config) => config.trading.listRepriceSeconds,
    async tick(ctx): Promise<LoopTickResult> {
      const tm = tmClientFor(ctx.runtime, ctx.account, ctx.job.signal);
      const toys = await loadSellToys(ctx.runtime.db, ctx.account.market);
      if (toys.size === 0) {
        const listings = await tm.selling.items();
        await syncSellItems(ctx.runtime.db, ctx.account, listings, toys);
        return {
          summary: 'no market toy with a price_sell',
          text: { code: 'list-reprice.no-toys', params: {} },
        };
      }
      const listed = await listNewItems(ctx, tm, toys);
      const listings = await tm.selling.items();
      const repriced = await repriceListings(ctx, tm, listings, toys, batchSize);
      const synced = await syncSellItems(ctx.runtime.db, ctx.account, listings, toys);
      const parts = [`${listed.listed} listed`, `${repriced.repriced} repriced`];
      if (listed.failed > 0) parts.push(`${listed.failed} refused`);
      if (repriced.failed > 0) parts.push(`${repriced.failed} not repriced`);
      if (synced.removed > 0) parts.push(`${synced.removed} gone from sale`);
      if (listed.waitingUntil !== null)
        parts.push(`listing waits until ${listed.waitingUntil.toISOString()}`);
      return {
        summary: parts.join(', '),
        text: {
          code: 'list-reprice.done',
          params: {
            listed: listed.listed,
            repriced: repriced.repriced,
            refused: listed.failed,
            not_repriced: repriced.failed,
            gone: synced.removed,
            waiting_until: listed.waitingUntil?.toISOString() ?? null,
          },
        },
      };
    },
  });
}

export const LIST_REPRICE_LOOP = createListRepriceLoop();
