import type { EarlyRequestPlan } from '@/lib/early-requests';

/**
 * The Steam accounts' first page (get-steam-accounts.ts): the screen shows it while the rest comes. Not the
 * whole list beside it: the screen asks for that once this page has answered (on PGlite the server answers
 * nothing else, not even the page's scripts, while it reads the 5,000 accounts).
 */
const STEAM_ACCOUNTS_FIRST = '/api/steam/accounts/extended/?page=1&page_size=100';

/** A console path whose first screen starts loading from index.html's inline script. */
interface EarlyScreen {
  /** The first list the screen asks for, exactly as its first query requests it (any parameter order). */
  requests: readonly string[];
  /** Its page module (src/app/routes/<name>.tsx): the build preloads that chunk and the chunks it imports. */
  page: string;
}

/**
 * The screens where an operator starts the day. The browser test checks that every early request is taken
 * (shell e2e), so a screen whose first query changes shows up there.
 */
const EARLY_SCREENS: Readonly<Record<string, EarlyScreen>> = {
  // '/' leads to the Steam accounts (the route table's index redirect).
  '/': { requests: [STEAM_ACCOUNTS_FIRST], page: 'steam-account-list' },
  '/steam-account/list': { requests: [STEAM_ACCOUNTS_FIRST], page: 'steam-account-list' },
  // EntityTable's first page (500 rows) in the history screen's default order.
  '/history/list': {
    requests: ['/api/toy/history/history-extended/?ordering=-date&page=1&page_size=500'],
    page: 'history-list',
  },
};

/** What the inline start-up script of index.html asks for (lib/early-requests.ts): the common data on every path. */
export const EARLY_REQUEST_PLAN: EarlyRequestPlan = {
  '*': ['/api/frontend/common'],
  ...Object.fromEntries(Object.entries(EARLY_SCREENS).map(([path, screen]) => [path, screen.requests])),
};

/** The page module of each early screen (vite.config.ts preloads its chunks from the same inline script). */
export const EARLY_PAGE_MODULES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(EARLY_SCREENS).map(([path, screen]) => [path, screen.page]),
);
