import { spendGuardInputSchema } from '@toydesk/contract';
import { notFound } from '@toydesk/api-kit';
import {
  listSpendGuardViews,
  listSpends,
  marketAccountExists,
  saveSpendGuard,
  spendGuardView,
  writeAudit,
} from '@toydesk/db';

import { pathId, type BotHandlers } from '../../../http/handler.ts';
import { BOT_ACTOR } from '../../proxies/proxy-handlers.ts';

/** The spend guards of a market account and its spending calls (issue 11, items 6 and 7). */
export const SPEND_GUARD_HANDLERS: BotHandlers<
  'bot-spend.guard' | 'bot-spend.set_guard' | 'bot-spend.list' | 'bot-spend.summary'
> = {
  'bot-spend.summary': async ({ runtime }) => ({ results: await listSpendGuardViews(runtime.db) }),
  'bot-spend.guard': async ({ runtime, params }) => {
    const view = await spendGuardView(runtime.db, pathId(params));
    if (!view) throw notFound();
    return view;
  },
  'bot-spend.set_guard': async ({ runtime, params, body }) => {
    const id = pathId(params);
    return runtime.db.transaction(async (tx) => {
      const before = await spendGuardView(tx, id);
      if (!before) throw notFound();
      // Already checked against the route's schema; parsed again only to narrow its type.
      const after = await saveSpendGuard(tx, id, spendGuardInputSchema.parse(body));
      const { daily_cap, max_price_percent, currency } = before;
      await writeAudit(tx, BOT_ACTOR, 'update', 'market_spend_guard', [
        {
          id,
          before: { daily_cap, max_price_percent, currency },
          after: {
            daily_cap: after!.daily_cap,
            max_price_percent: after!.max_price_percent,
            currency: after!.currency,
          },
        },
      ]);
      return after!;
    });
  },
  'bot-spend.list': async ({ runtime, params }) => {
    const id = pathId(params);
    if (!(await marketAccountExists(runtime.db, id))) throw notFound();
    return { results: await listSpends(runtime.db, id, 100) };
  },
};
