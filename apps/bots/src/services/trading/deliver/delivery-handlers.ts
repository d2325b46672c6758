import { listDeliveries } from '@toydesk/db';

import type { BotHandlers } from '../../../http/handler.ts';

const asList = <T>(value: T | T[] | undefined): T[] | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? value : [value];

/**
 * A date alone means its whole UTC day: the start for date_from, the last microsecond for date_to
 * (timestamptz keeps microseconds, so the day's last sale is still in).
 */
const dayStart = (value: string) => (value.length === 10 ? `${value}T00:00:00Z` : value);
const dayEnd = (value: string) => (value.length === 10 ? `${value}T23:59:59.999999Z` : value);

export const DELIVERY_HANDLERS: BotHandlers<'bot-deliveries.list'> = {
  'bot-deliveries.list': async ({ runtime, query, page }) => {
    const found = await listDeliveries(
      runtime.db,
      {
        states: asList(query.state),
        marketAccounts: asList(query.market_account),
        from: query.date_from === undefined ? undefined : dayStart(query.date_from),
        to: query.date_to === undefined ? undefined : dayEnd(query.date_to),
      },
      page.number,
      page.size,
    );
    return page.answer(found.count, found.results);
  },
};
