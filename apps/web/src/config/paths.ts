/**
 * Every route of the console (spec section 2 plus the reference screens), typed: `paths.history.list.path`
 * is the router pattern, `paths.history.marketStats.getHref('tm')` a link.
 */

const fixed = <const P extends string>(path: P) => ({ path, getHref: () => path });

/** A route with one optional trailing segment, e.g. /history/market-stats/{tab}. */
const withOptionalTab = <const B extends string>(base: B) => ({
  path: `${base}/:tab?` as const,
  base,
  getHref: (tab?: string | null) => (tab ? `${base}/${encodeURIComponent(tab)}` : base),
});

export const paths = {
  home: fixed('/'),
  ui: fixed('/ui'),
  history: {
    root: fixed('/history'),
    list: fixed('/history/list'),
    marketStats: withOptionalTab('/history/market-stats'),
  },
  inventory: {
    root: fixed('/inventory'),
    list: fixed('/inventory/list'),
  },
  proxy: fixed('/proxy'),
  toySettings: {
    root: fixed('/toy-settings'),
    common: fixed('/toy-settings/common'),
    market: fixed('/toy-settings/market'),
  },
  steamAccount: {
    root: fixed('/steam-account'),
    list: fixed('/steam-account/list'),
    checkList: fixed('/steam-account/check-list'),
    /** Steam Guard: one account's 2FA code and mobile confirmations (?account=<id>). */
    guard: {
      path: '/steam-account/guard',
      getHref: (account?: number | null) =>
        account ? `/steam-account/guard?account=${account}` : '/steam-account/guard',
    },
  },
  marketAccount: {
    root: fixed('/market-account'),
    list: fixed('/market-account/list'),
    orders: withOptionalTab('/market-account/orders'),
  },
  sellItems: {
    list: fixed('/sell-items/list'),
  },
  tags: fixed('/tags'),
  serverGroups: fixed('/server-groups'),
  availableIps: fixed('/available-ips'),
  markets: fixed('/markets'),
  marketDatabase: fixed('/market-database'),
  priceBoard: fixed('/price-board'),
  dailyReport: fixed('/daily-report'),
  profit: fixed('/profit'),
  transactions: fixed('/transactions'),
  auditLog: fixed('/audit-log'),
  botJobs: fixed('/bot-jobs'),
  botAlerts: fixed('/bot-alerts'),
  botDeliveries: fixed('/bot-deliveries'),
} as const;

/** Where '/' leads. */
export const HOME_REDIRECT = paths.steamAccount.list.path;
