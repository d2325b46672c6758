import type { BotJob, BotSetPricesBody } from '@toydesk/contract';

import type { EntityRow } from '@/components/entity-table/entity-columns';
import { botApi } from '@/lib/bot-api';

/** The price that takes a listing off sale (bot-trading.set-prices). */
export const TAKE_OFF_PRICE = '0';

export interface SetPricesPlan {
  /** One bot job per market account, with its listings. */
  accounts: { marketAccount: number; items: BotSetPricesBody['items'] }[];
  /** Rows without a listing on the market (no market_item_id): nothing to send for them. */
  skipped: number;
}

/**
 * Groups the chosen rows by market account, each listing at `price`, one for all or one per row ("0" takes
 * it off sale).
 */
export function planSetPrices(
  rows: readonly EntityRow[],
  price: string | ((row: EntityRow) => string),
): SetPricesPlan {
  const byAccount = new Map<number, BotSetPricesBody['items']>();
  let skipped = 0;
  for (const row of rows) {
    const itemId = row.market_item_id;
    const account = row.market_account;
    if (typeof itemId !== 'string' || itemId === '' || typeof account !== 'number') {
      skipped += 1;
      continue;
    }
    const items = byAccount.get(account) ?? [];
    items.push({ item_id: itemId, price: typeof price === 'string' ? price : price(row) });
    byAccount.set(account, items);
  }
  return {
    accounts: [...byAccount].map(([marketAccount, items]) => ({ marketAccount, items })),
    skipped,
  };
}

/** The route takes at most this many listings per job. */
const MAX_ITEMS_PER_JOB = 1000;

/**
 * Starts bot-trading.set-prices for every account of the plan (chunks of 1000 listings); answers the jobs
 * that started. A refused start has been notified by the request wrapper and is left out.
 */
export async function startSetPrices(plan: SetPricesPlan): Promise<BotJob[]> {
  const jobs: BotJob[] = [];
  for (const { marketAccount, items } of plan.accounts) {
    for (let start = 0; start < items.length; start += MAX_ITEMS_PER_JOB) {
      const result = await botApi.call('bot-trading.set-prices', {
        params: { id: marketAccount },
        body: { items: items.slice(start, start + MAX_ITEMS_PER_JOB) },
      });
      if (result.success && result.data) jobs.push(result.data as BotJob);
    }
  }
  return jobs;
}
