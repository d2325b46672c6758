import { randomUUID } from 'node:crypto';

import { manualListingSupport, type BotJob } from '@toydesk/contract';
import { findBotJobIdByParam, loadMarketAccountMarket } from '@toydesk/db';
import { ApiError, notFound } from '@toydesk/api-kit';

import { pathId, type BotHandlers } from '../../../http/handler.ts';
import { LANES } from '../../../lanes.ts';
import type { BotRuntime } from '../../../bot-runtime.ts';
import { LIST_ITEMS_KIND } from './list-items-job.ts';

/** The listing key's job slot: a second job of one key is refused by the queue within it (one UTC day). */
const LISTING_KEY_SLOT_SECONDS = 86_400;

export const LIST_ITEMS_HANDLERS: BotHandlers<'bot-trading.list-items'> = {
  /**
   * 202 with the listing job. 400 when the market cannot take a listing or a currency is not the account's;
   * a listing key already used answers with its job (a double click, a retried request): nothing twice.
   */
  'bot-trading.list-items': async ({ runtime, params, body, reply }) => {
    const account = pathId(params);
    const row = await loadMarketAccountMarket(runtime.db, account);
    if (!row) throw notFound();
    const unsupported = manualListingSupport(row.market);
    if (unsupported !== null) {
      throw new ApiError(400, {
        market: [
          `Площадка ${row.market} не принимает выставление через бота (${row.market} cannot take a listing: ${unsupported})`,
        ],
        code: unsupported,
      });
    }
    const wrong = body.items.flatMap((item, index) => (item.currency === row.currency ? [] : [index]));
    if (wrong.length > 0) {
      const message = `Валюта площадки: ${row.currency} (the market account's currency is ${row.currency})`;
      throw new ApiError(400, {
        items: Object.fromEntries(wrong.map((index) => [String(index), { currency: [message] }])),
      });
    }
    const key = body.listing_key ?? randomUUID();
    const existing = body.listing_key ? await jobOfKey(runtime, account, key) : null;
    reply.status(202);
    if (existing) return existing;
    const job = await runtime.queue.enqueue(
      LIST_ITEMS_KIND,
      { ...body, listing_key: key, account },
      { singletonKey: `list-items:${account}:${key}`, singletonSeconds: LISTING_KEY_SLOT_SECONDS },
    );
    if (job) return job;
    // Another request of the same key got there first.
    const first = await jobOfKey(runtime, account, key);
    if (!first)
      throw new ApiError(409, {
        detail: 'Такая задача уже стоит в очереди. (The same job is already queued.)',
      });
    return first;
  },
};

/** The listing job of a key, live or archived. */
async function jobOfKey(runtime: BotRuntime, account: number, key: string): Promise<BotJob | null> {
  const found = await findBotJobIdByParam(runtime.db, {
    lane: LANES.market,
    kind: LIST_ITEMS_KIND,
    account,
    param: 'listing_key',
    value: key,
  });
  return found ? ((await runtime.queue.store.get(found))?.job ?? null) : null;
}
