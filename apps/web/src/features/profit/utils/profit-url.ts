import type { UrlFilterCodec } from '@/lib/use-url-filters';

import { defaultProfitFilters, type ProfitFilters, type ReportCurrency } from './profit-range';

/** What the profit screen keeps in its URL: the filters and the reporting currency. */
export type ProfitUrlState = ProfitFilters & { currency: ReportCurrency };

const URL_KEYS = {
  dateFrom: 'date_from',
  dateTo: 'date_to',
  market: 'market',
  steamAccount: 'steam_account',
  marketAccount: 'market_account',
  item: 'item',
  currency: 'currency',
} as const satisfies Record<keyof ProfitUrlState, string>;

/**
 * The profit screen's URL (a reload, Back, a shared link keep the period and filters). Without dates in the
 * URL the period is this month as of `now`; dates written empty mean no bound (all time), so clearing them
 * survives a reload. Anything else missing is "any"; the screen's own checks leave out a malformed value.
 */
export function profitUrlCodec(now: Date): UrlFilterCodec<ProfitUrlState> {
  return {
    fromSearch(params) {
      const defaults = defaultProfitFilters(now);
      const text = (key: string) => params.get(key) ?? '';
      return {
        dateFrom: params.has(URL_KEYS.dateFrom) ? text(URL_KEYS.dateFrom) : defaults.dateFrom,
        dateTo: params.has(URL_KEYS.dateTo) ? text(URL_KEYS.dateTo) : defaults.dateTo,
        market: text(URL_KEYS.market),
        steamAccount: text(URL_KEYS.steamAccount),
        marketAccount: text(URL_KEYS.marketAccount),
        item: text(URL_KEYS.item),
        currency: text(URL_KEYS.currency) === 'USD' ? 'USD' : 'RUB',
      };
    },
    toSearch(state, current) {
      const next = new URLSearchParams(current);
      for (const key of Object.values(URL_KEYS)) next.delete(key);
      const defaults = defaultProfitFilters(now);
      // The default period stays out of the URL; any other, even empty, is written.
      if (state.dateFrom !== defaults.dateFrom || state.dateTo !== defaults.dateTo) {
        next.set(URL_KEYS.dateFrom, state.dateFrom);
        next.set(URL_KEYS.dateTo, state.dateTo);
      }
      for (const name of ['market', 'steamAccount', 'marketAccount', 'item'] as const)
        if (state[name] !== '') next.set(URL_KEYS[name], state[name]);
      if (state.currency !== 'RUB') next.set(URL_KEYS.currency, state.currency);
      return next;
    },
  };
}
