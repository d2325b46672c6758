import { paths } from '@/config/paths';

export interface NavLink {
  key: string;
  /** Translation key of the label. */
  labelKey: string;
  to: string;
}

export interface NavGroup {
  key: string;
  labelKey: string;
  /** A group with one link is a plain button; more open a hover menu. */
  links: readonly NavLink[];
}

/** A section of one page: a plain button in the top bar, named as the page. */
function onePage(key: string, labelKey: string, to: string, linkKey = 'list'): NavGroup {
  return { key, labelKey, links: [{ key: linkKey, labelKey, to }] };
}

/** The top bar's navigation: every route of spec section 2 and the reference screens. */
export const NAV_GROUPS: readonly NavGroup[] = [
  {
    key: 'steam-account',
    labelKey: 'nav.steamAccount',
    links: [
      { key: 'list', labelKey: 'nav.steamAccountList', to: paths.steamAccount.list.path },
      { key: 'check-list', labelKey: 'nav.steamAccountCheckList', to: paths.steamAccount.checkList.path },
      { key: 'guard', labelKey: 'steamGuard.title', to: paths.steamAccount.guard.path },
    ],
  },
  {
    key: 'market-account',
    labelKey: 'nav.marketAccount',
    links: [
      { key: 'list', labelKey: 'nav.marketAccountList', to: paths.marketAccount.list.path },
      { key: 'orders', labelKey: 'nav.marketAccountOrders', to: paths.marketAccount.orders.getHref() },
    ],
  },
  onePage('inventory', 'nav.inventory', paths.inventory.list.path),
  onePage('sell-items', 'nav.sellItems', paths.sellItems.list.path),
  {
    key: 'history',
    labelKey: 'nav.history',
    links: [
      { key: 'list', labelKey: 'nav.historyList', to: paths.history.list.path },
      { key: 'market-stats', labelKey: 'nav.marketStats', to: paths.history.marketStats.getHref() },
      { key: 'daily-report', labelKey: 'dailyReport.title', to: paths.dailyReport.path },
      { key: 'profit', labelKey: 'profit.nav', to: paths.profit.path },
    ],
  },
  {
    key: 'toy-settings',
    labelKey: 'nav.toySettings',
    links: [
      { key: 'common', labelKey: 'nav.toySettingsCommon', to: paths.toySettings.common.path },
      { key: 'market', labelKey: 'nav.toySettingsMarket', to: paths.toySettings.market.path },
      { key: 'price-board', labelKey: 'priceBoard.title', to: paths.priceBoard.path },
    ],
  },
  onePage('proxy', 'nav.proxy', paths.proxy.path, 'proxy'),
  {
    key: 'bots',
    labelKey: 'ops.nav.bots',
    links: [
      { key: 'bot-jobs', labelKey: 'ops.nav.botJobs', to: paths.botJobs.path },
      { key: 'bot-alerts', labelKey: 'ops.nav.botAlerts', to: paths.botAlerts.path },
      { key: 'bot-deliveries', labelKey: 'ops.nav.botDeliveries', to: paths.botDeliveries.path },
    ],
  },
  {
    key: 'reference',
    labelKey: 'nav.reference',
    links: [
      { key: 'tags', labelKey: 'nav.tags', to: paths.tags.path },
      { key: 'server-groups', labelKey: 'nav.serverGroups', to: paths.serverGroups.path },
      { key: 'available-ips', labelKey: 'nav.availableIps', to: paths.availableIps.path },
      { key: 'markets', labelKey: 'marketsRef.title', to: paths.markets.path },
      { key: 'market-database', labelKey: 'botCalls.nav.marketDatabase', to: paths.marketDatabase.path },
      { key: 'transactions', labelKey: 'nav.transactions', to: paths.transactions.path },
      { key: 'audit-log', labelKey: 'nav.auditLog', to: paths.auditLog.path },
      { key: 'ui', labelKey: 'nav.ui', to: paths.ui.path },
    ],
  },
];

/** Whether a link is the current page or its parent section. */
export function isActiveLink(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(to.endsWith('/') ? to : `${to}/`);
}
