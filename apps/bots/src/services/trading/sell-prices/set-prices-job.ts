import { botSetPricesBodySchema, compareMoney, type MarketCode } from '@toydesk/contract';
import { z } from 'zod';

import type { JobContext } from '../../../jobs/job-context.ts';
import { defineJobKind, PermanentJobError } from '../../../jobs/job-kind.ts';
import { LANES } from '../../../lanes.ts';
import type { BotRuntime } from '../../../bot-runtime.ts';
import { applySellItemPrices } from '@toydesk/db';
import { tmClientFor } from '../../market-accounts.ts';
import { BOT_ACTOR } from '../../proxies/proxy-handlers.ts';
import { loadTradingAccount } from '../trading-account.ts';

export const SET_PRICES_KIND = 'trading.set-prices';

/** The markets whose API has MassSetPriceById (the tm family). */
const SET_PRICE_MARKETS = new Set<MarketCode>(['tm', 'tm_usd', 'cs7', 'cs7_proxy']);

const setPricesParams = botSetPricesBodySchema.extend({ account: z.number().int().positive() });
export type SetPricesParams = z.infer<typeof setPricesParams>;

export interface SetPricesResult {
  market_account: number;
  dry_run: boolean;
  /** Listings whose price the market confirmed (or, dry run, would be set). */
  priced: number;
  /** Listings taken off sale (or, dry run, would be). */
  removed: number;
  failed: { item_id: string; error: string }[];
}

/**
 * Sets the prices the operator chose (console /sell-items/list) on the market: MassSetPriceById in batches
 * of 100 (the tm client batches), price "0" takes a listing off sale. The sell_item rows of the listings the
 * market confirmed follow (price, or status "removed" as sell-items-sync.ts marks a listing gone from sale),
 * each change audited as the bot's. A dry-run account only logs what would be sent.
 *
 * No `once` guard: setting a price is idempotent, so a retried attempt sends the same prices again and
 * lands on the same state. The one difference is a listing an earlier attempt already took off sale: the
 * market then refuses it (bad_item) and it is reported as failed, its row already "removed".
 */
export async function setPrices(
  ctx: JobContext<BotRuntime>,
  params: SetPricesParams,
): Promise<SetPricesResult> {
  const runtime = ctx.deps;
  const loaded = await loadTradingAccount(runtime, params.account);
  if (!loaded) throw new PermanentJobError(`Market account ${params.account} does not exist`);
  const { account } = loaded;
  if (!SET_PRICE_MARKETS.has(account.market)) {
    throw new PermanentJobError(
      `Setting prices is not supported for market ${account.market} (only tm, tm_usd, cs7, cs7_proxy)`,
    );
  }
  if (!loaded.hasApiKey) throw new PermanentJobError(`Market account ${account.id} has no API key`);

  // The last entry of an item wins, so one item is never sent twice in one call.
  const wanted = new Map(params.items.map((item) => [item.item_id, item.price]));
  const isRemoval = (price: string) => compareMoney(price, '0') === 0;
  if (account.dryRun) {
    for (const [itemId, price] of wanted) {
      await ctx.log(
        isRemoval(price)
          ? `dry run: would take ${itemId} off sale`
          : `dry run: would set ${itemId} to ${price} ${account.currency}`,
      );
    }
    const removed = [...wanted.values()].filter(isRemoval).length;
    return {
      market_account: account.id,
      dry_run: true,
      priced: wanted.size - removed,
      removed,
      failed: [],
    };
  }

  const tm = tmClientFor(runtime, account);
  await ctx.log(`MassSetPriceById: ${wanted.size} listing(s) of account ${account.id}`);
  const results = await tm.selling.massSetPriceById(
    [...wanted].map(([itemId, price]) => ({ itemId, price })),
  );
  const failed: SetPricesResult['failed'] = [];
  // Market item id → the price the market confirmed, null for taken off sale.
  const confirmed = new Map<string, string | null>();
  for (const result of results) {
    if (result.ok) {
      const asked = wanted.get(result.itemId)!;
      confirmed.set(result.itemId, isRemoval(asked) ? null : (result.price ?? asked));
    } else {
      failed.push({ item_id: result.itemId, error: result.error ?? 'failed' });
      await ctx.log(`MassSetPriceById refused ${result.itemId}: ${result.error ?? 'failed'}`, 'warn');
    }
  }

  let priced = 0;
  let removed = 0;
  await applySellItemPrices(runtime.db, BOT_ACTOR, account.id, confirmed);
  for (const price of confirmed.values()) {
    if (price === null) removed += 1;
    else priced += 1;
  }
  await ctx.log(`${priced} priced, ${removed} taken off sale, ${failed.length} refused`);
  if (confirmed.size === 0 && failed.length > 0) {
    throw new PermanentJobError(`The market refused every listing (${failed[0]!.error})`, { failed });
  }
  return { market_account: account.id, dry_run: false, priced, removed, failed };
}

export const SET_PRICES_JOB_KINDS = [
  defineJobKind<SetPricesParams, BotRuntime>({
    kind: SET_PRICES_KIND,
    lane: LANES.market,
    params: setPricesParams,
    account: (params) => params.account,
    expireInSeconds: 300,
    retryLimit: 2,
    retryDelaySeconds: 5,
    retryBackoff: true,
    run: setPrices,
  }),
];
