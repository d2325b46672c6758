import type { BotJobKind } from '../bot-runtime.ts';
import { KEY_CHECK_JOB_KINDS } from './market-keys/key-check-job.ts';
import { ORDER_JOB_KINDS } from './orders/order-jobs.ts';
import { PRICE_JOB_KINDS } from './market-database/price-jobs.ts';
import { PROXY_JOB_KINDS } from './proxies/proxy-jobs.ts';
import { SIGNUP_JOB_KINDS } from './signup/signup-jobs.ts';
import { STEAM_JOB_KINDS } from './steam/steam-jobs.ts';
import { STEAM_GUARD_JOB_KINDS } from './steam-guard/steam-guard-jobs.ts';
import { TRADING_JOB_KINDS } from './trading/loop-runner.ts';
import { SET_PRICES_JOB_KINDS } from './trading/sell-prices/set-prices-job.ts';
import { LIST_ITEMS_JOB_KINDS } from './trading/manual-listing/list-items-job.ts';
import { SPEND_CHECK_JOB_KINDS } from './trading/spend-guards/spend-check-job.ts';

/** The kinds started by the cron schedules (each on a lane of its own). */
export const SCHEDULED_KINDS = {
  proxyCheckAll: 'proxy.check-all',
  priceImportAll: 'prices.import-all',
  tradingDispatch: 'trading.dispatch',
} as const;

/** Every job kind of the bot services. */
export const ALL_JOB_KINDS: BotJobKind[] = [
  ...PROXY_JOB_KINDS,
  ...ORDER_JOB_KINDS,
  ...PRICE_JOB_KINDS,
  ...SIGNUP_JOB_KINDS,
  ...STEAM_JOB_KINDS,
  ...STEAM_GUARD_JOB_KINDS,
  ...TRADING_JOB_KINDS,
  ...KEY_CHECK_JOB_KINDS,
  ...SET_PRICES_JOB_KINDS,
  ...SPEND_CHECK_JOB_KINDS,
  ...LIST_ITEMS_JOB_KINDS,
];
