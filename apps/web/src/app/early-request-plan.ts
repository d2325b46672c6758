import type { EarlyRequestPlan } from '@/lib/early-requests';

const STEAM_ACCOUNTS = '/api/steam/accounts/extended/?page_size=999999';

/**
 * What the inline start-up script of index.html asks for (lib/early-requests.ts): the common data on every
 * path, and the first list of the screens where an operator starts the day. Each URL must be exactly what
 * the screen's first query requests (any parameter order): the browser test checks that every early
 * request is taken (shell e2e), so a screen whose first query changes shows up there.
 */
export const EARLY_REQUEST_PLAN: EarlyRequestPlan = {
  '*': ['/api/frontend/common'],
  // '/' leads to the Steam accounts (the route table's index redirect).
  '/': [STEAM_ACCOUNTS],
  '/steam-account/list': [STEAM_ACCOUNTS],
  // EntityTable's first page (500 rows) in the history screen's default order.
  '/history/list': ['/api/toy/history/history-extended/?ordering=-date&page=1&page_size=500'],
};

/**
 * The page module (src/app/routes/<name>.tsx) of those paths: the build preloads its chunk and the chunks it
 * imports from the same inline script (vite.config.ts), so they load beside the first-screen scripts.
 */
export const EARLY_PAGE_MODULES: Readonly<Record<string, string>> = {
  '/': 'steam-account-list',
  '/steam-account/list': 'steam-account-list',
  '/history/list': 'history-list',
};
