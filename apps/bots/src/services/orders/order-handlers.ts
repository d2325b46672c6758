import { runJobAndWait, type BotHandlers } from '../../http/handler.ts';
import { serviceMarket } from '../market-database/market-database-handlers.ts';

const ids = (value: number | number[] | undefined) =>
  value === undefined ? undefined : Array.isArray(value) ? value : [value];

export const ORDER_HANDLERS: BotHandlers<
  | 'bot-orders.active_orders'
  | 'bot-orders.active_orders_stats'
  | 'bot-browser-parser.get_orders_mhn'
  | 'bot-browser-parser.get_all_orders_mhn'
> = {
  'bot-orders.active_orders': (ctx) =>
    runJobAndWait(ctx, 'orders.active', {
      market: serviceMarket(ctx.params),
      accounts: ids(ctx.query.account),
    }),
  'bot-orders.active_orders_stats': (ctx) =>
    runJobAndWait(ctx, 'orders.active-stats', {
      market: serviceMarket(ctx.params),
      accounts: ids(ctx.query.account),
    }),
  'bot-browser-parser.get_orders_mhn': (ctx) =>
    runJobAndWait(ctx, 'orders.by-name', { market: 'tm-mhn', marketHashNames: ctx.body.marketHashNames }),
  'bot-browser-parser.get_all_orders_mhn': (ctx) =>
    runJobAndWait(ctx, 'orders.by-name', { market: 'tm-mhn' }),
};
