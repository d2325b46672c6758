import { SIGNUP_STEPS } from '@toydesk/contract';

import { readPageRequest, sendPage } from '../resources/pagination.ts';
import type { Handler } from './handler.ts';

export const steamHandlers: Record<string, Handler> = {
  /** One row per Steam account with everything the accounts screen shows next to it. */
  'steam-accounts.extended': async (ctx) => {
    const accounts = ctx.services.resources.steamAccount;
    const pageRequest = readPageRequest(ctx.query);
    const { where, orderBy, params } = accounts.parseList(ctx.query);
    const count = await accounts.count(ctx.services.db, where, params);
    await sendPage(ctx.services.db, ctx.request, ctx.reply, pageRequest, {
      count,
      sql: `SELECT ${accounts.selectList},
              (SELECT coalesce(jsonb_agg(jsonb_build_object('id', ma.id, 'market', ma.market, 'label', m.name || ' ' || t.steam_account_name,
                        'balance', ma.balance::text, 'currency', ma.currency, 'online', ma.online, 'status', ma.status) ORDER BY ma.id), '[]'::jsonb)
                 FROM market_account ma JOIN market m ON m.code = ma.market WHERE ma.steam_account = t.id) AS market_accounts_extended,
              (SELECT coalesce(jsonb_agg(jsonb_build_object('id', g.id, 'name', g.name, 'color', g.color) ORDER BY g.name), '[]'::jsonb)
                 FROM tag g WHERE g.id = ANY(t.tags)) AS tag_objects,
              (SELECT coalesce(sum(round(CASE ma.currency WHEN 'USD' THEN ma.balance * m.usd_to_rub_rate ELSE ma.balance END, 2)), 0)
                 FROM market_account ma JOIN market m ON m.code = ma.market WHERE ma.steam_account = t.id) AS total_balance_rub,
              coalesce((SELECT count(*)::int FROM account_checklist c, jsonb_each(c.steps) e
                 WHERE c.steam_account = t.id AND e.value->>'state' = 'done'), 0) AS checklist_done,
              ${SIGNUP_STEPS.length} AS checklist_total,
              (SELECT p.protocol || '://' || p.host || ':' || p.port FROM proxy p WHERE p.id = t.proxy) AS proxy_label,
              (SELECT g.name FROM server_group g WHERE g.id = t.server_group) AS server_group_name,
              (SELECT count(*)::int FROM steam_inventory i WHERE i.steam_account = t.id AND i.status = 'in_inventory') AS inventory_count,
              (SELECT count(*)::int FROM sell_item si WHERE si.steam_account = t.id AND si.status = 'on_sale') AS on_sale_count
            FROM steam_account t ${where} ORDER BY ${orderBy}`,
      params,
    });
    return ctx.reply;
  },
};
