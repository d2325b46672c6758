import { BOT_SERVICE_MARKETS, MARKET_CODES } from '@toydesk/contract';

import { HOME_REDIRECT, paths } from '@/config/paths';
import { getSteamAccountsFirstPageOptions } from '@/features/steam-accounts/api/get-steam-accounts';
import { lazyPage } from '@/lib/chunk-reload';

import type { RouteDefinition, RouteValidation } from './route-definitions';

/** A {tab} segment must be a market code when present. */
const marketTab: RouteValidation = ({ tab }) =>
  tab === undefined || (MARKET_CODES as readonly string[]).includes(tab);

/**
 * Every route of the console. Each page is its own chunk (React.lazy), loaded on first visit or on
 * hover over a link to it. To add a screen: a page module in ./routes, a line here, a nav entry in
 * ./shell/nav-items.ts and a path in src/config/paths.ts (apps/web/README.md).
 */
export const ROUTES: readonly RouteDefinition[] = [
  { path: paths.home.path, redirect: HOME_REDIRECT },
  {
    path: paths.ui.path,
    page: lazyPage(() => import('./routes/ui-kit')),
    titleKey: 'nav.ui',
  },

  { path: paths.history.root.path, redirect: paths.history.list.path },
  {
    path: paths.history.list.path,
    page: lazyPage(() => import('./routes/history-list')),
    titleKey: 'nav.historyList',
    layout: 'wide',
  },
  {
    path: paths.history.marketStats.path,
    page: lazyPage(() => import('./routes/market-stats')),
    titleKey: 'nav.marketStats',
    validate: marketTab,
  },

  { path: paths.inventory.root.path, redirect: paths.inventory.list.path },
  {
    path: paths.inventory.list.path,
    page: lazyPage(() => import('./routes/inventory-list')),
    titleKey: 'nav.inventoryList',
    layout: 'wide',
  },

  { path: paths.proxy.path, page: lazyPage(() => import('./routes/proxy')), titleKey: 'nav.proxy' },
  {
    path: paths.botJobs.path,
    page: lazyPage(() => import('./routes/bot-jobs')),
    titleKey: 'ops.nav.botJobs',
    layout: 'wide',
  },
  {
    path: paths.botAlerts.path,
    page: lazyPage(() => import('./routes/bot-alerts')),
    titleKey: 'ops.nav.botAlerts',
  },
  {
    path: paths.botDeliveries.path,
    page: lazyPage(() => import('./routes/bot-deliveries')),
    titleKey: 'ops.nav.botDeliveries',
    layout: 'wide',
  },

  { path: paths.toySettings.root.path, redirect: paths.toySettings.common.path },
  {
    path: paths.toySettings.common.path,
    page: lazyPage(() => import('./routes/toy-settings-common')),
    titleKey: 'nav.toySettingsCommon',
    layout: 'wide',
  },
  {
    path: paths.toySettings.market.path,
    page: lazyPage(() => import('./routes/toy-settings-market')),
    titleKey: 'nav.toySettingsMarket',
    layout: 'wide',
  },

  { path: paths.steamAccount.root.path, redirect: paths.steamAccount.list.path },
  {
    path: paths.steamAccount.list.path,
    page: lazyPage(() => import('./routes/steam-account-list')),
    titleKey: 'nav.steamAccountList',
    layout: 'wide',
    // The first page only: the screen asks for every account once it has answered (get-steam-accounts.ts).
    prefetchData: (client) => void client.prefetchQuery(getSteamAccountsFirstPageOptions({ quiet: true })),
  },
  {
    path: paths.steamAccount.checkList.path,
    page: lazyPage(() => import('./routes/steam-account-check-list')),
    titleKey: 'nav.steamAccountCheckList',
  },
  {
    path: paths.steamAccount.guard.path,
    page: lazyPage(() => import('./routes/steam-account-guard')),
    titleKey: 'steamGuard.title',
  },

  { path: paths.marketAccount.root.path, redirect: paths.marketAccount.list.path },
  {
    path: paths.marketAccount.list.path,
    page: lazyPage(() => import('./routes/market-account-list')),
    titleKey: 'nav.marketAccountList',
    layout: 'wide',
  },
  {
    path: paths.marketAccount.orders.path,
    page: lazyPage(() => import('./routes/market-account-orders')),
    titleKey: 'nav.marketAccountOrders',
    layout: 'wide',
    // The tabs are the bot services' order-processing markets (tm-mhn is not a market code).
    validate: ({ tab }) => tab === undefined || (BOT_SERVICE_MARKETS as readonly string[]).includes(tab),
  },

  {
    path: paths.sellItems.list.path,
    page: lazyPage(() => import('./routes/sell-items-list')),
    titleKey: 'nav.sellItems',
    layout: 'wide',
  },

  { path: paths.tags.path, page: lazyPage(() => import('./routes/tags')), titleKey: 'nav.tags' },
  {
    path: paths.serverGroups.path,
    page: lazyPage(() => import('./routes/server-groups')),
    titleKey: 'nav.serverGroups',
  },
  {
    path: paths.availableIps.path,
    page: lazyPage(() => import('./routes/available-ips')),
    titleKey: 'nav.availableIps',
  },
  {
    path: paths.profit.path,
    page: lazyPage(() => import('./routes/profit')),
    titleKey: 'profit.title',
    layout: 'wide',
  },
  {
    path: paths.priceBoard.path,
    page: lazyPage(() => import('./routes/price-board')),
    titleKey: 'priceBoard.title',
    layout: 'wide',
  },
  {
    path: paths.dailyReport.path,
    page: lazyPage(() => import('./routes/daily-report')),
    titleKey: 'dailyReport.title',
    layout: 'wide',
  },
  {
    path: paths.marketDatabase.path,
    page: lazyPage(() => import('./routes/market-database')),
    titleKey: 'botCalls.nav.marketDatabase',
  },
  {
    path: paths.markets.path,
    page: lazyPage(() => import('./routes/markets')),
    titleKey: 'marketsRef.title',
  },
  {
    path: paths.transactions.path,
    page: lazyPage(() => import('./routes/transactions')),
    titleKey: 'nav.transactions',
    layout: 'wide',
  },
  {
    path: paths.auditLog.path,
    page: lazyPage(() => import('./routes/audit-log')),
    titleKey: 'nav.auditLog',
    layout: 'wide',
  },
];
