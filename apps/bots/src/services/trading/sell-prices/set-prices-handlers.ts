import { notFound } from '@toydesk/api-kit';
import { marketAccountExists } from '@toydesk/db';

import { pathId, startJob, type BotHandlers } from '../../../http/handler.ts';
import { SET_PRICES_KIND } from './set-prices-job.ts';

export const SET_PRICES_HANDLERS: BotHandlers<'bot-trading.set-prices'> = {
  /** 202 with the job; the market is checked by the job (a clear failure for markets without the call). */
  'bot-trading.set-prices': async ({ runtime, params, body, reply }) => {
    const account = pathId(params);
    if (!(await marketAccountExists(runtime.db, account))) throw notFound();
    return startJob({ runtime, reply }, SET_PRICES_KIND, { account, items: body.items });
  },
};
