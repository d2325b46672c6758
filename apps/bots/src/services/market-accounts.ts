import {
  isConvertibleCurrency,
  type BotServiceMarket,
  type ConvertibleCurrency,
  type MarketCode,
} from '@toydesk/contract';
import { loadMarketAccountsWithKey, type LoadedMarketAccount } from '@toydesk/db';
import { createMarket, createTmFamilyClient, TmMarket, type Market, type TmClient } from '@toydesk/markets';

import { PermanentJobError } from '../jobs/job-kind.ts';
import type { BotRuntime } from '../bot-runtime.ts';

/** The markets of our tables behind each market of the service map (spec section 7). */
export const SERVICE_MARKET_CODES: Record<BotServiceMarket, MarketCode[]> = {
  tm: ['tm', 'tm_usd'],
  'tm-mhn': ['tm', 'tm_usd'],
  dmarket: ['dmarket'],
  cs7: ['cs7'],
  cs7_proxy: ['cs7_proxy'],
};

/** An account as a marketplace client needs it (loaded by @toydesk/db's market-account repository). */
export type BotMarketAccount = Pick<LoadedMarketAccount, 'id' | 'market' | 'proxy'> & {
  /** Wider than the column's: the clients also take EUR. */
  currency: ConvertibleCurrency;
  /** Decrypted; never logged. */
  apiKey: string;
};

/** Active market accounts with a key (optionally only the given ids), keys decrypted with the vault. */
export async function loadMarketAccounts(
  runtime: BotRuntime,
  markets: MarketCode[],
  ids?: number[],
): Promise<BotMarketAccount[]> {
  // Demo mode: calls go straight to the marketplace simulators on loopback (the repository says why).
  return loadMarketAccountsWithKey(runtime.db, runtime.vault, markets, ids, { useProxy: !runtime.demo });
}

const TM_FAMILY = new Set<MarketCode>(['tm', 'tm_usd', 'cs7', 'cs7_proxy']);

/** `signal` cancels every call of the client: a trading tick passes `ctx.job.signal`. */
export function tmClientFor(runtime: BotRuntime, account: BotMarketAccount, signal?: AbortSignal): TmClient {
  const endpoint = runtime.markets.endpoints[account.market];
  if (!endpoint.baseUrl) throw new PermanentJobError(`${account.market} has no configured base URL`);
  return createTmFamilyClient(endpoint, {
    apiKey: account.apiKey,
    http: runtime.markets.http,
    currency: isConvertibleCurrency(account.currency) ? account.currency : 'RUB',
    proxy: account.proxy,
    ...(signal === undefined ? {} : { signal }),
  });
}

/** The common Market interface of one account: the tm client for the tm family, createMarket otherwise. */
export function marketFor(runtime: BotRuntime, account: BotMarketAccount): Market {
  if (TM_FAMILY.has(account.market)) return new TmMarket(tmClientFor(runtime, account));
  const endpoint = runtime.markets.endpoints[account.market];
  if (!endpoint.baseUrl) throw new PermanentJobError(`${account.market} has no configured base URL`);
  return createMarket(account.market, {
    endpoint,
    credentials: account.apiKey,
    http: runtime.markets.http,
    currency: account.currency,
    proxy: account.proxy,
  });
}
