import { notFound } from '@toydesk/api-kit';
import { ackAlert, ackAllAlerts, listAlerts } from '@toydesk/db';

import { pathId, type BotHandlers } from '../../http/handler.ts';

export const ALERT_HANDLERS: BotHandlers<'bot-alerts.list' | 'bot-alerts.ack' | 'bot-alerts.ack-all'> = {
  'bot-alerts.list': async ({ runtime, query, page }) => {
    const found = await listAlerts(
      runtime.db,
      { acknowledged: query.acknowledged, afterId: query.after_id, marketAccount: query.market_account },
      page.number,
      page.size,
    );
    return page.answer(found.count, found.results);
  },
  'bot-alerts.ack': async ({ runtime, params }) => {
    const alert = await ackAlert(runtime.db, pathId(params));
    if (!alert) throw notFound();
    return alert;
  },
  'bot-alerts.ack-all': async ({ runtime }) => ({ acknowledged: await ackAllAlerts(runtime.db) }),
};
