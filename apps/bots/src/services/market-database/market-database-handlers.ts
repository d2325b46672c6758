import type { BotServiceMarket, MarketCode } from '@toydesk/contract';
import { botServiceMarketSchema } from '@toydesk/contract';
import {
  listMarketPrices,
  loadMarketDatabaseStats,
  marketAccountExists,
  resetOrderDistribution,
} from '@toydesk/db';
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
    return { market, ...(await loadMarketDatabaseStats(runtime.db, code, market)) };
  },

  'bot-market-database.orders_reset_distribution': async ({ runtime, params }) => {
    const market = serviceMarket(params);
    return { success: true as const, removed: await resetOrderDistribution(runtime.db, market) };
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
    const results = await listMarketPrices(runtime.db, code, names);
    const found = new Set(results.map((r) => r.market_hash_name));
    return {
      currency: results[0]?.currency ?? (code === 'tm_usd' ? 'USD' : 'RUB'),
      results,
      missing: names.filter((n) => !found.has(n)),
    };
  },
};
