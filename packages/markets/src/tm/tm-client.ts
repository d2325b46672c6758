import { randomUUID } from 'node:crypto';

import type { ProxyConfig } from '@toydesk/http';

import type { MarketEndpoint } from '../market-endpoints.ts';
import { TmAccountResource } from './resources/account.ts';
import { TmBuyingResource } from './resources/buying.ts';
import { TmHistoryResource } from './resources/history.ts';
import { TmLegacyResource } from './resources/legacy.ts';
import { TmOrdersResource } from './resources/orders.ts';
import { TmPublicFilesResource } from './resources/public-files.ts';
import { TmSearchResource } from './resources/search.ts';
import { TmSellingResource } from './resources/selling.ts';
import { TmTradingResource } from './resources/trading.ts';
import { TmTransfersResource } from './resources/transfers.ts';
import { TmRequester, type TmClock, type TmLogger, type TmTransport } from './tm-requester.ts';
import { TM_TIMEOUTS, type TmTimeouts } from './tm-timeouts.ts';
import { isTmCurrency, type TmCurrency } from './tm-units.ts';

/** The markets of the tm API family: tm (RUB account), tm_usd (USD account), cs7 and cs7_proxy. */
export type TmFamilyCode = 'tm' | 'tm_usd' | 'cs7' | 'cs7_proxy';

export interface TmClientOptions {
  /** The account's API key; without one only the public files work (and a warning is logged). */
  apiKey?: string | null;
  /** The market root, e.g. `https://market.csgo.com` or `http://127.0.0.1:8090/tm`. */
  baseUrl: string;
  /**
   * The account's currency: amounts in and out are major units of it, and it is sent as `cur`, so tm
   * refuses rather than misreads when the account's currency changed. Default RUB (spec sections 5, 9).
   */
  currency?: TmCurrency;
  /** The one transport; its rate limiter must hold tm's 5 requests per second per key. */
  http: TmTransport;
  proxy?: ProxyConfig | null;
  clock?: TmClock;
  logger?: TmLogger;
  /** Per-kind overrides of the spec's timeouts (tests shorten them). */
  timeouts?: Partial<TmTimeouts>;
  /** Names calls in errors and logs (`tm.buy`, `cs7.buy`); default tm. */
  market?: TmFamilyCode;
  /** custom_id for buy and money-send when the caller gives none (default: a random UUID). */
  newCustomId?: () => string;
  /** Cancels every call of this client (a trading tick passes its job's signal). */
  signal?: AbortSignal;
}

/**
 * A market.csgo.com client in the stripe-node style: resources group the calls as tm's documentation
 * does; answers are validated with zod at the edge and come back typed, amounts as decimal strings in
 * major units; refusals are `TmError`s carrying tm's own error string.
 */
export interface TmClient {
  readonly market: TmFamilyCode;
  readonly currency: TmCurrency;
  readonly baseUrl: string;
  /** get-money, set-trade-token, change-currency, go-offline, update-inventory, set-pay-password, get-ws-token, test, ping-new. */
  readonly account: TmAccountResource;
  /** money-send, money-send-history, get-info-money-send-by-custom-id. */
  readonly transfers: TmTransfersResource;
  /** my-inventory, add-to-sale (+ the inventory-error reaction), set-price, remove-all-from-sale, items, MassSetPriceById. */
  readonly selling: TmSellingResource;
  /** trade-request-give-p2p-all, trade-ready, trades. */
  readonly trading: TmTradingResource;
  /** buy, get-buy-info-by-custom-id. */
  readonly buying: TmBuyingResource;
  /** get-orders, the order loop, set-order. */
  readonly orders: TmOrdersResource;
  /** bid-ask, search-item-by-hash-name, search-list-items-by-hash-name-all. */
  readonly search: TmSearchResource;
  /** operation-history. */
  readonly history: TmHistoryResource;
  /** MassInfo, ProcessOrder, RemoveAll, DeleteOrders, GetInv, GetStickers, GetWSAuth, GetMyProfileHash, Test. */
  readonly legacy: TmLegacyResource;
  /** prices/class_instance, prices/orders, the item database. */
  readonly publicFiles: TmPublicFilesResource;
}

/** Logged when a client is built without a key (spec section 6). */
export const TM_NO_KEY_WARNING = '[getTmInstance] Вызов без api key';

export const TM_REAL_CLOCK: TmClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};

const CONSOLE_LOGGER: TmLogger = { warn: (message) => console.warn(message) };

export function createTmClient(options: TmClientOptions): TmClient {
  const currency = options.currency ?? 'RUB';
  if (!isTmCurrency(currency)) throw new TypeError(`tm: unknown currency ${String(currency)}`);
  if (!options.baseUrl) throw new TypeError('tm: baseUrl is required (see loadMarketEndpoints)');
  const logger = options.logger ?? CONSOLE_LOGGER;
  const apiKey = options.apiKey ? options.apiKey : null;
  if (apiKey === null) logger.warn(TM_NO_KEY_WARNING);
  const market = options.market ?? 'tm';
  const tm = new TmRequester({
    http: options.http,
    baseUrl: options.baseUrl,
    apiKey,
    currency,
    market,
    proxy: options.proxy ?? null,
    timeouts: { ...TM_TIMEOUTS, ...options.timeouts },
    clock: options.clock ?? TM_REAL_CLOCK,
    logger,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  const newCustomId = options.newCustomId ?? (() => randomUUID());
  const account = new TmAccountResource(tm);
  const orders = new TmOrdersResource(tm);
  const history = new TmHistoryResource(tm);
  return {
    market,
    currency,
    baseUrl: tm.baseUrl,
    account,
    transfers: new TmTransfersResource(tm, newCustomId),
    selling: new TmSellingResource(tm, account),
    trading: new TmTradingResource(tm),
    buying: new TmBuyingResource(tm, newCustomId),
    orders,
    search: new TmSearchResource(tm),
    history,
    legacy: new TmLegacyResource(tm, orders, history),
    publicFiles: new TmPublicFilesResource(tm),
  };
}

/**
 * A client for one market of the tm family from its configured endpoint (`loadMarketEndpoints`): tm_usd
 * is tm with a USD account; cs7 and cs7_proxy are the same API at their own base URL.
 */
export function createTmFamilyClient(
  endpoint: MarketEndpoint,
  options: Omit<TmClientOptions, 'baseUrl' | 'market'>,
): TmClient {
  const code = endpoint.code;
  if (code !== 'tm' && code !== 'tm_usd' && code !== 'cs7' && code !== 'cs7_proxy') {
    throw new TypeError(`tm: ${code} is not a market of the tm API family`);
  }
  return createTmClient({
    ...options,
    baseUrl: endpoint.baseUrl,
    market: code,
    currency: options.currency ?? (code === 'tm_usd' ? 'USD' : 'RUB'),
  });
}
