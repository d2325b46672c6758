import type { BotRouteId } from '@toydesk/contract';

import type { BotHandlers } from '../http/handler.ts';
import { ALERT_HANDLERS } from './alerts/alert-handlers.ts';
import { JOB_HANDLERS } from './jobs/jobs-handlers.ts';
import { MARKET_DATABASE_HANDLERS } from './market-database/market-database-handlers.ts';
import { ORDER_HANDLERS } from './orders/order-handlers.ts';
import { PROXY_HANDLERS } from './proxies/proxy-handlers.ts';
import { SIGNUP_HANDLERS } from './signup/signup-handlers.ts';
import { STEAM_HANDLERS } from './steam/steam-handlers.ts';
import { STEAM_GUARD_HANDLERS } from './steam-guard/steam-guard-handlers.ts';
import { TRADING_HANDLERS } from './trading/trading-handlers.ts';
import { DELIVERY_HANDLERS } from './trading/deliver/delivery-handlers.ts';
import { SPEND_GUARD_HANDLERS } from './trading/spend-guards/spend-guard-handlers.ts';
import { SET_PRICES_HANDLERS } from './trading/sell-prices/set-prices-handlers.ts';
import { LIST_ITEMS_HANDLERS } from './trading/manual-listing/list-items-handlers.ts';

/** The handler of every bot route; the type makes a missing one a compile error, bot-app.ts a start error. */
export const BOT_HANDLERS: BotHandlers<BotRouteId> = {
  ...PROXY_HANDLERS,
  ...ORDER_HANDLERS,
  ...MARKET_DATABASE_HANDLERS,
  ...SIGNUP_HANDLERS,
  ...STEAM_HANDLERS,
  ...STEAM_GUARD_HANDLERS,
  ...JOB_HANDLERS,
  ...ALERT_HANDLERS,
  ...TRADING_HANDLERS,
  ...SET_PRICES_HANDLERS,
  ...DELIVERY_HANDLERS,
  ...SPEND_GUARD_HANDLERS,
  ...LIST_ITEMS_HANDLERS,
};
