import type { MarketCode } from '@toydesk/contract';

import type { QueryParams } from './query-string';
import { request, type RequestMethod, type RequestOptions, type RequestResult } from './request';
import { marketCallTimeout } from './timeouts';

/** The server's marketplace proxy (spec section 6): it adds the account's key, which never reaches the browser. */
export const MARKET_PROXY_PREFIX = '/api/market-proxy/';
export const MISSING_KEY_WARNING = '[getTmInstance] Вызов без api key';

export interface MarketCall {
  market: MarketCode;
  /** The market account whose key the server adds. */
  accountId: number | null | undefined;
  /** The marketplace's own path, e.g. 'api/v2/get-money' or 'api/ProcessOrder/1/0/100/'. */
  path: string;
  method?: RequestMethod;
  query?: QueryParams;
  body?: unknown;
  options?: RequestOptions;
}

/**
 * One marketplace call through the proxy, with its time limit of spec section 9 (10 s by default, 30 s for
 * bulk calls, 20 s for set-price, 1 min for trade-ready and ping-new). Never retried: a marketplace GET may
 * spend money (buy, set-order), so a second try is the operator's decision.
 */
export function marketCall<T = unknown>(call: MarketCall): Promise<RequestResult<T>> {
  if (call.accountId === null || call.accountId === undefined) console.warn(MISSING_KEY_WARNING);
  const headers: Record<string, string> = { 'X-Market': call.market, ...call.options?.headers };
  if (call.accountId !== null && call.accountId !== undefined)
    headers['X-Market-Account'] = String(call.accountId);
  return request<T>(
    { url: `${MARKET_PROXY_PREFIX}${call.path.replace(/^\/+/, '')}`, query: call.query },
    call.method ?? 'GET',
    call.body,
    { timeout: marketCallTimeout(call.path), ...call.options, retry: 0, headers },
  );
}
