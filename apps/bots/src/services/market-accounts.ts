import type { BotServiceMarket, ConvertibleCurrency, MarketCode } from '@toydesk/contract';
import type { ProxyConfig } from '@toydesk/http';
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

export interface BotMarketAccount {
  id: number;
  market: MarketCode;
  currency: ConvertibleCurrency;
  /** Decrypted; never logged. */
  apiKey: string;
  proxy: ProxyConfig | null;
}

type AccountRow = {
  id: number;
  market: MarketCode;
  currency: ConvertibleCurrency;
  api_key: string;
  p_protocol: ProxyConfig['protocol'] | null;
  p_host: string | null;
  p_port: number | null;
  p_username: string | null;
  p_password: string | null;
};

/** Active market accounts with a key (optionally only the given ids), keys decrypted with the vault. */
export async function loadMarketAccounts(
  runtime: BotRuntime,
  markets: MarketCode[],
  ids?: number[],
): Promise<BotMarketAccount[]> {
  const rows = await runtime.db.query<AccountRow>(
    `SELECT a.id, a.market, a.currency, a.api_key,
            p.protocol AS p_protocol, p.host AS p_host, p.port AS p_port, p.username AS p_username,
            p.password AS p_password
     FROM market_account a LEFT JOIN proxy p ON p.id = a.proxy
     WHERE a.market = ANY($1::text[]) AND a.api_key IS NOT NULL AND a.api_key <> ''
       AND ($2::int[] IS NULL OR a.id = ANY($2::int[]))
       AND (a.status = 'active' OR $2::int[] IS NOT NULL)
     ORDER BY a.id`,
    [markets, ids && ids.length > 0 ? ids : null],
  );
  // Demo mode: calls go straight to the marketplace simulators on loopback, never through the account's
  // proxy: one an operator added could be a real host, and one demo proxy is down on purpose.
  const useProxies = !runtime.demo;
  return rows.map((row) => ({
    id: row.id,
    market: row.market,
    currency: row.currency,
    apiKey: runtime.vault.decrypt(row.api_key),
    proxy:
      useProxies && row.p_host && row.p_protocol && row.p_port
        ? {
            protocol: row.p_protocol,
            host: row.p_host,
            port: row.p_port,
            username: row.p_username,
            password: row.p_password ? runtime.vault.decrypt(row.p_password) : null,
          }
        : null,
  }));
}

const TM_FAMILY = new Set<MarketCode>(['tm', 'tm_usd', 'cs7', 'cs7_proxy']);

/** `signal` cancels every call of the client: a trading tick passes `ctx.job.signal`. */
export function tmClientFor(runtime: BotRuntime, account: BotMarketAccount, signal?: AbortSignal): TmClient {
  const endpoint = runtime.markets.endpoints[account.market];
  if (!endpoint.baseUrl) throw new PermanentJobError(`${account.market} has no configured base URL`);
  return createTmFamilyClient(endpoint, {
    apiKey: account.apiKey,
    http: runtime.markets.http,
    currency: account.currency === 'USD' ? 'USD' : account.currency === 'EUR' ? 'EUR' : 'RUB',
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
