import { botAlertRoutes } from './alerts.ts';
import { botBrowserParserRoutes } from './browser-parser.ts';
import { botDeliveryRoutes } from './deliveries.ts';
import { botJobRoutes } from './jobs.ts';
import { botListingRoutes } from './listing.ts';
import { botMarketDatabaseRoutes } from './market-database.ts';
import { botOrderRoutes } from './orders.ts';
import { botProxyRoutes } from './proxies.ts';
import { botSignUpRoutes } from './sign-up.ts';
import { botSpendRoutes } from './spend.ts';
import { botSteamGuardRoutes } from './steam-guard.ts';
import { botSteamRoutes } from './steam.ts';
import { botTradingRoutes } from './trading.ts';

/**
 * The bot services of spec section 7 ("Bot services": separate hosts, prefix /api-node/, app token in the
 * X-App-Token header), plus the jobs API, assembled from one file per resource in this folder. Every step
 * that talks to Steam or a marketplace runs as a durable job: such an endpoint answers at once with its job
 * (202), and the job is read at /api-node/jobs/{id}/. Reads that need a marketplace (active orders,
 * balances, ...) wait for their job up to `wait` seconds and answer 200 with the finished job, or 202 with
 * the job still queued or running.
 *
 * The order is the route table test's: it walks the routes in order (a proxy is checked before it is
 * deleted).
 */
export const BOT_ROUTES = [
  ...botProxyRoutes,
  ...botOrderRoutes,
  ...botSignUpRoutes,
  ...botSteamRoutes,
  ...botBrowserParserRoutes,
  ...botMarketDatabaseRoutes,
  ...botAlertRoutes,
  ...botSpendRoutes,
  ...botDeliveryRoutes,
  ...botTradingRoutes,
  ...botListingRoutes,
  ...botSteamGuardRoutes,
  ...botJobRoutes,
];

export type BotRoute = (typeof BOT_ROUTES)[number];
export type BotRouteId = BotRoute['id'];
export type BotRouteOf<Id extends BotRouteId> = Extract<BotRoute, { id: Id }>;

export const BOT_ROUTES_BY_ID = Object.fromEntries(BOT_ROUTES.map((r) => [r.id, r])) as unknown as {
  [Id in BotRouteId]: BotRouteOf<Id>;
};
