import type { ConvertibleCurrency, MarketCode } from '@toydesk/contract';
import type { HttpClient, ProxyConfig } from '@toydesk/http';

import { BitskinsMarket } from './bitskins/bitskins-market.ts';
import { CsfloatMarket } from './csfloat/csfloat-market.ts';
import { DmarketMarket } from './dmarket/dmarket-market.ts';
import { LisSkinsMarket } from './lis-skins/lis-skins-market.ts';
import type { MarketClientConfig } from './kit/market-transport.ts';
import type { Market } from './market.ts';
import type { MarketEndpoint } from './market-endpoints.ts';
import { SkinportMarket } from './skinport/skinport-market.ts';
import { SteamMarket } from './steam/steam-market.ts';
import { createTmFamilyClient } from './tm/tm-client.ts';
import { TmMarket } from './tm/tm-market.ts';
import { WaxpeerMarket } from './waxpeer/waxpeer-market.ts';

export interface CreateMarketOptions {
  /** Where the market lives (loadMarketEndpoints): its base URL, a real host or a simulator. */
  endpoint: MarketEndpoint;
  /**
   * The account's credential in the marketplace's stored form: the API key (Waxpeer, CSFloat, BitSkins,
   * Lis-skins), "clientId:clientSecret" (Skinport), "publicKeyHex:secretKeyHex" (DMarket), a cookie string
   * "sessionid=…; steamLoginSecure=…" (Steam). Skinport's price calls also work with "".
   */
  credentials: string;
  /** The one transport; it needs a rate limiter when calls carry a rateLimitKey (they all do). */
  http: HttpClient;
  /** The account's currency: USD for the USD-only markets (others are refused), EUR by default on
   * Skinport, the wallet currency on Steam (USD by default). */
  currency?: ConvertibleCurrency;
  proxy?: ProxyConfig | null;
}

/** The tm family (tm, tm_usd, cs7, cs7_proxy) has its own client in ./tm; every other code its Market here. */
const TM_FAMILY = new Set<MarketCode>(['tm', 'tm_usd', 'cs7', 'cs7_proxy']);
const MARKETS: Partial<
  Record<MarketCode, new (config: MarketClientConfig & { currency?: ConvertibleCurrency }) => Market>
> = {
  waxpeer: WaxpeerMarket,
  csfloat: CsfloatMarket,
  skinport: SkinportMarket,
  dmarket: DmarketMarket,
  bitskins: BitskinsMarket,
  lis_skins: LisSkinsMarket,
  steam: SteamMarket,
};

/** A `Market` for a marketplace code, talking to `endpoint.baseUrl` through `http`. */
export function createMarket(code: MarketCode, options: CreateMarketOptions): Market {
  if (options.endpoint.code !== code) {
    throw new RangeError(`createMarket(${code}) was given the endpoint of ${options.endpoint.code}`);
  }
  if (!options.endpoint.baseUrl) throw new RangeError(`${code} has no configured base URL`);
  const config = {
    baseUrl: options.endpoint.baseUrl,
    http: options.http,
    credential: options.credentials,
    proxy: options.proxy ?? null,
    ...(options.currency !== undefined ? { currency: options.currency } : {}),
  };
  const OtherMarket = MARKETS[code];
  if (OtherMarket) return new OtherMarket(config);
  if (TM_FAMILY.has(code)) {
    return new TmMarket(
      createTmFamilyClient(options.endpoint, {
        apiKey: options.credentials,
        http: options.http,
        proxy: options.proxy ?? null,
        ...(options.currency ? { currency: options.currency } : {}),
      }),
    );
  }
  throw new RangeError(`createMarket: unknown market code ${String(code)}`);
}
