import type { BotServiceMarket, MarketCode } from '@toydesk/contract';
import { botServiceMarketSchema } from '@toydesk/contract';
import { marketAccountExists } from '@toydesk/db';
import { notFound } from '@toydesk/api-kit';

import { pathId, runJobAndWait, type BotHandlers } from '../../http/handler.ts';
import { SERVICE_MARKET_CODES } from '../market-accounts.ts';

/** The price list behind each market of the service map (tm-mhn reads tm's). */
const PRICE_MARKET: Record<BotServiceMarket, MarketCode> = {
  tm: 'tm',
  'tm-mhn': 'tm',
  dmarket: 'dmarket',
  cs7: 'cs7',
  cs7_proxy: 'cs7_proxy',
};

export function serviceMarket(params: Record<string, string>): BotServiceMarket {
  const parsed = botServiceMarketSchema.safeParse(params.market);
  if (!parsed.success) throw notFound(`Неизвестный рынок. (Unknown market: ${params.market ?? ''}.)`);
  return parsed.data;
}

export const MARKET_DATABASE_HANDLERS: BotHandlers<
  | 'bot-market-database.orders_stats'
  | 'bot-market-database.orders_reset_distribution'
  | 'bot-market-database.account_items'
  | 'bot-market-database.get_prices'
> = {
  'bot-market-database.orders_stats': async ({ runtime, params }) => {
    const market = serviceMarket(params);
    const code = PRICE_MARKET[market];
    const [stats] = await runtime.db.query<{ items: number; with_buy_order: number }>(
      `SELECT count(*)::int AS items, count(buy_order)::int AS with_buy_order FROM bot_market_price WHERE market = $1`,
      [code],
    );
    const [imported] = await runtime.db.query<{ last_import_at: string; job_id: string | null }>(
      'SELECT last_import_at, job_id::text AS job_id FROM bot_price_import WHERE market = $1',
      [code],
    );
    const distribution = await runtime.db.query<{ market_account: number; items: number }>(
      `SELECT market_account, count(*)::int AS items FROM bot_order_distribution WHERE market = $1
       GROUP BY market_account ORDER BY market_account`,
      [market],
    );
    return {
      market,
      items: stats?.items ?? 0,
      with_buy_order: stats?.with_buy_order ?? 0,
      last_import_at: imported?.last_import_at ?? null,
      last_import_job: imported?.job_id ?? null,
      distribution,
    };
  },

  'bot-market-database.orders_reset_distribution': async ({ runtime, params }) => {
    const market = serviceMarket(params);
    const removed = await runtime.db.query(
      'DELETE FROM bot_order_distribution WHERE market = $1 RETURNING 1',
      [market],
    );
    return { success: true as const, removed: removed.length };
  },

  'bot-market-database.account_items': async (ctx) => {
    const market = serviceMarket(ctx.params);
    const account = pathId(ctx.params, 'accountId');
    if (!(await marketAccountExists(ctx.runtime.db, account, SERVICE_MARKET_CODES[market])))
      throw notFound(`Нет такого аккаунта на рынке. (No such ${market} account.)`);
    return runJobAndWait(ctx, 'market.account-items', { market, account });
  },

  'bot-market-database.get_prices': async ({ runtime, params, body }) => {
    const market = serviceMarket(params);
    const code = PRICE_MARKET[market];
    const names = [...new Set(body.marketHashNames)];
    const results = await runtime.db.query<{ market_hash_name: string; currency: string }>(
      `SELECT market, market_hash_name, price::text AS price, buy_order::text AS buy_order, currency, volume, updated_at
       FROM bot_market_price WHERE market = $1 AND market_hash_name = ANY($2::text[]) ORDER BY market_hash_name`,
      [code, names],
    );
    const found = new Set(results.map((r) => r.market_hash_name));
    return {
      currency: results[0]?.currency ?? (code === 'tm_usd' ? 'USD' : 'RUB'),
      results,
      missing: names.filter((n) => !found.has(n)),
    };
  },
};
