import type { ApiTable } from '../http/api-table.ts';
import { fail, param, parseUint, type RequestContext } from '../http/context.ts';
import type { Account, HistoryEntry } from '../state/types.ts';
import { TM_ERRORS } from '../tm-errors.ts';
import { unixSeconds } from './route-helpers.ts';

/**
 * history (buys and sells) and operation-history (those plus transfers), between `date` and `date_end`
 * (unix seconds, both included; date_end defaults to now). Amounts are minor units.
 */

const entryView = (entry: HistoryEntry) => ({
  id: entry.id,
  event: entry.event,
  stage: entry.stage,
  currency: entry.currency,
  for: entry.for,
  custom_id: entry.custom_id,
  item_id: entry.item_id,
  market_hash_name: entry.market_hash_name,
  class: entry.classid,
  instance: entry.instanceid,
  time: unixSeconds(entry.time),
  app: 730,
  paid: entry.paid,
  received: entry.received,
});

function history(ctx: RequestContext, account: Account, events: HistoryEntry['event'][]) {
  const from = parseUint(param(ctx, 'date'));
  const rawEnd = param(ctx, 'date_end');
  const to = rawEnd === null ? unixSeconds(ctx.market.now()) : parseUint(rawEnd);
  if (from === null || to === null) return fail(TM_ERRORS.badInput);
  const data = account.history
    .filter((entry) => events.includes(entry.event))
    .filter((entry) => unixSeconds(entry.time) >= from && unixSeconds(entry.time) <= to)
    .sort((a, b) => b.time - a.time)
    .map(entryView);
  return { success: true, data };
}

export function registerHistoryRoutes(api: ApiTable): void {
  api.get('/api/v2/history', 'history', (ctx, account) => history(ctx, account, ['buy', 'sell']));
  api.get('/api/v2/operation-history', 'operation-history', (ctx, account) =>
    history(ctx, account, ['buy', 'sell', 'transfer_in', 'transfer_out']),
  );
}
